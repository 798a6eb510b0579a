import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// A script that logs in uses the session's rooms at once, without `/wait sync`, and Ctrl-C
/// during a login that waits says what it stopped (a private Synapse each: fresh accounts).
@Suite(.serialized, .enabled(if: PrivateHomeserver.isAvailable, "needs Synapse and the venv of Scripts/test"))
struct ShellBatchLoginTests {
    @Test func aScriptOpensARoomRightAfterItsLoginAndInTheRunsAfter() async throws {
        let server = try await PrivateHomeserver(users: ["gil"])
        let first = ShellProcess(), second = ShellProcess()
        defer { first.remove(); second.remove() }
        let password = ["ELEMENT_SHELL_PASSWORD": server.homeserver.password]

        let created = try await first.run(try first.testerArguments(for: server.homeserver) + ["--output", "json", "-c", "/login test gil",
                                                                                               "-c", "/create Across Runs"],
                                          extraEnvironment: password)
        #expect(created.status == 0, "\(created.standardOutput)\(created.standardError)")

        // Another device: its store has never synced when the script goes on after /login.
        let base = try second.testerArguments(for: server.homeserver) + ["--output", "json"]
        let fresh = try await second.run(base + ["-c", "/login test gil", "-c", "/rooms", "-c", "/open Across Runs"], extraEnvironment: password)
        #expect(fresh.status == 0, "\(fresh.standardOutput)\(fresh.standardError)")
        let listed = fresh.objects.first { $0["command"] as? String == "rooms" }?["rooms"] as? [[String: Any]]
        #expect(listed?.contains { $0["name"] as? String == "Across Runs" } == true, "\(fresh.standardOutput)")

        let resumed = try await second.run(base + ["-c", "/open Across Runs"])
        #expect(resumed.status == 0, "\(resumed.standardOutput)\(resumed.standardError)")
    }

    @Test func ctrlCDuringALoginWaitSaysWhatItStoppedAndExits130() async throws {
        let server = try await ShellDeviceLoginTests.delegatedServer()
        let shell = ShellProcess()
        defer { shell.remove() }
        let run = try shell.start(try shell.testerArguments(for: server.synapse.homeserver)
            + ["--output", "json", "-c", "/login test", "-c", "/echo not reached"])
        // The login waits for its code to be approved, which never happens.
        _ = try #require(await run.line { $0["type"] as? String == "sign_in" })
        run.interrupt()
        let (status, errors) = try await run.ending()
        #expect(status == 130, "\(errors)")
        #expect(errors.contains("Interrupted (Ctrl-C): /login was stopped"), "\(errors)")
        let result = await run.line { $0["command"] as? String == "login" && $0["ok"] != nil }
        #expect(result?["ok"] as? Bool == false)
        #expect((result?["error"] as? [String: Any])?["code"] as? String == "cancelled", "\(String(describing: result))")
        #expect(await run.line { $0["command"] as? String == "echo" } == nil, "the lines after it are not run")
    }
}
