import Foundation

/// What a run with `--output json` printed, read the way the verification suites need it.
extension ShellProcess.Result {
    /// The result line of the last run of `command`.
    func result(of command: String) -> [String: Any]? {
        objects.last { $0["command"] as? String == command }
    }

    /// The verification step each `/wait verification` returned, in order.
    var verificationSteps: [[String: Any]] {
        objects.filter { $0["command"] as? String == "wait" }.compactMap { $0["verification"] as? [String: Any] }
    }
}

extension TestHomeserver {
    func userID(_ user: String) -> String { "@\(user):\(serverName)" }
}
