import Foundation
import Testing

extension ShellProcess {
    /// The log of the `tester` profile (`testerArguments`), as the shell wrote it.
    func testerLog() throws -> String {
        try String(contentsOf: home.appending(path: ".local/share/element-shell/tester/element-shell.log"), encoding: .utf8)
    }
}

enum LogLeaks {
    /// Expects that `log` holds none of `secrets` (passwords, tokens, message text) and no long
    /// base64 run, which a key, an Olm pickle or an access token would be.
    static func expectNone(of secrets: [String], in log: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        for secret in secrets {
            #expect(!log.contains(secret), "the log holds \(secret.prefix(8))…", sourceLocation: sourceLocation)
        }
        let longBase64 = try Regex("[A-Za-z0-9+/]{60,}")
        #expect(log.firstMatch(of: longBase64) == nil, "the log holds a long base64 string", sourceLocation: sourceLocation)
    }
}
