import Foundation
import Logging

/// Opens a login link with `xdg-open` where a desktop session is there to show it (a graphical
/// display); over SSH or on a console the printed link is all there is.
enum BrowserOpener {
    private static let logger = Logger(label: "element-shell.browser")

    static func open(_ url: URL, environment: [String: String]) -> Bool {
        let hasDisplay = [environment["DISPLAY"], environment["WAYLAND_DISPLAY"]].contains { !($0 ?? "").isEmpty }
        guard hasDisplay, let program = ProgramsOnPath.find("xdg-open") else { return false }
        let process = Process()
        process.executableURL = program
        process.arguments = [url.absoluteString]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            return true
        } catch {
            logger.notice("xdg-open did not start: \(String(describing: error))")
            return false
        }
    }
}
