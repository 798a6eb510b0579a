import ElementShellKit
import Foundation
import Logging

/// Desktop notifications through `notify-send` (libnotify), when it is installed: a missing
/// program or a failed start costs nothing but a log line.
enum DesktopNotifier {
    private static let logger = Logger(label: "element-shell.notify")

    static func show(_ attention: Attention, appName: String, includingBody: Bool) {
        guard let program = program else { return }
        let process = Process()
        process.executableURL = program
        process.arguments = DesktopNotification.arguments(for: attention, appName: appName, includingBody: includingBody)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            logger.notice("notify-send did not start: \(String(describing: error))")
        }
    }

    /// `notify-send` on the `PATH`, looked up once.
    private static let program = ProgramsOnPath.find("notify-send")
}
