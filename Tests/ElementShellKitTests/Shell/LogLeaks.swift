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
    /// base64 run, which a key, an Olm pickle or an access token would be. The paths of requests
    /// are left out of the second check: their slashes join IDs and words (a media download's
    /// `client/v1/media/download/SERVER/ID`) into runs of base64's alphabet.
    static func expectNone(of secrets: [String], in log: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        for secret in secrets {
            #expect(!log.contains(secret), "the log holds \(secret.prefix(8))…", sourceLocation: sourceLocation)
        }
        let withoutPaths = log.replacing(try Regex("/_matrix/[^ ?]*"), with: "/_matrix/…")
        let longBase64 = try Regex("[A-Za-z0-9+/]{60,}")
        #expect(withoutPaths.firstMatch(of: longBase64) == nil, "the log holds a long base64 string", sourceLocation: sourceLocation)
    }
}
