import Foundation
import Testing
@testable import ElementShellKit

/// The encryption commands from the binary to Synapse, in batch mode: an encrypted room, its
/// message's key exported with the passphrase from `--passphrase-file`, and read back.
@Suite(.serialized, .enabled(if: TestHomeserver.current != nil, "needs the Synapse that Scripts/test starts"))
struct ShellEncryptionIntegrationTests {
    let homeserver = TestHomeserver.current!

    @Test func anEncryptedRoomsKeyIsExportedAndImportedWithThePassphraseFile() throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let config = try shell.write("homeservers:\n  test: { url: \(homeserver.url.absoluteString) }\n", to: "config.yaml")
        let passphraseFile = try shell.write("correct horse\n", to: "passphrase")
        let exportFile = shell.home.appending(path: "keys.txt").path
        let result = try shell.run(["--config", config, "--no-rc", "--output", "json", "--passphrase-file", passphraseFile,
                                    "-c", "/login test \(homeserver.user(2))", "-c", "/create Secrets --encrypted", "-c", "/wait sync",
                                    "-c", "the plan", "-c", "/wait sent", "-c", "/devices", "-c", "/keys export \(exportFile)",
                                    "-c", "/keys export \(exportFile)", "-c", "/keys import \(exportFile)", "-c", "/logout!"],
                                   extraEnvironment: ["ELEMENT_SHELL_PASSWORD": homeserver.password])
        let results = result.objects.filter { $0["type"] as? String == "result" }
        func outcomes(of command: String) -> [[String: Any]] { results.filter { $0["command"] as? String == command } }

        #expect(outcomes(of: "message").first?["ok"] as? Bool == true, "\(result.standardError)")
        let devices = try #require(outcomes(of: "devices").first?["devices"] as? [[String: Any]])
        #expect(devices.contains { $0["current"] as? Bool == true && ($0["fingerprint"] as? String)?.count == 53 })
        let exports = outcomes(of: "keys")
        #expect(exports.first?["count"] as? Int == 1, "the session the message went out with")
        #expect((exports.dropFirst().first?["error"] as? [String: Any])?["code"] as? String == "file_exists")
        #expect(exports.last?["imported"] as? Int == 0 && exports.last?["total"] as? Int == 1, "nothing better than what is here")
        let attributes = try FileManager.default.attributesOfItem(atPath: exportFile)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect(try String(contentsOfFile: exportFile, encoding: .utf8).hasPrefix("-----BEGIN MEGOLM SESSION DATA-----"))
        #expect(result.status == 1, "one command (the second export) failed")
    }
}
