import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// The homeserver stops taking the session's token (`M_UNKNOWN_TOKEN`): everything stays on disk,
/// the prompt says so, and `/login` resumes the same store, as the same device after a soft logout.
@MainActor
@Suite struct AppStateSignOutTests {
    /// One room, then the server's verdict on the token; after that, nothing new.
    static func signingOut(softLogout: Bool) -> SyncLoop.Request {
        let served = SyncLoopTests.Counter()
        return { _, _ throws(MatrixError) in
            switch await served.next() {
            case 0:
                var room = SyncResponse.JoinedRoom()
                room.state = [SyncEvent(type: "m.room.name", sender: "@b:hs", stateKey: "", content: .object(["name": .string("Lobby")]))]
                return SyncResponse(nextBatch: "s1", rooms: .init(joined: ["!a:hs": room]))
            case 1:
                throw .unknownToken(softLogout: softLogout)
            default:
                await suspendUntilCancelled()
                throw .transport(.cancelled)
            }
        }
    }

    /// Logins number their devices, so a new device is told from the old one.
    actor Devices {
        var count = 0
        var asked: [String?] = []
        func next(asking deviceID: String?) -> String {
            count += 1
            asked.append(deviceID)
            return deviceID ?? "DEVICE\(count)"
        }
    }

    func harness(softLogout: Bool, devices: Devices, sharing directory: TemporaryDirectory? = nil) -> AppHarness {
        var auth = FakeAuthService()
        auth.logIn = { url, user, _, _, deviceID throws(MatrixError) in
            Session(userID: "@\(user):example", deviceID: await devices.next(asking: deviceID), accessToken: "token", homeserverURL: url)
        }
        return AppHarness(auth: auth, sync: Self.signingOut(softLogout: softLogout), sharing: directory)
    }

    @Test func aSoftLogoutKeepsEverythingAndTheSameDeviceLogsInAgain() async throws {
        let devices = Devices()
        let app = harness(softLogout: true, devices: devices)
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.signedOutSession != nil }
        let session = try #require(app.state.signedOutSession)
        #expect(session.signOut == .soft && app.state.session == nil)
        #expect(app.log.reports.contains { $0.content == .sessionEnded(userID: "@alice:example") })
        let storeDirectory = StoreLocation.directory(for: session, dataDirectory: app.directory.url.path)
        #expect(FileManager.default.fileExists(atPath: storeDirectory.path), "the store stays")
        #expect(app.state.promptValues().status == L10n.screenPromptSignedOut)
        #expect(app.state.promptValues().user == "@alice:example")

        // Commands say why they cannot run, and what to do.
        #expect(!(await app.state.run(line: "/open Lobby")))
        #expect(app.log.failures.last == .signedOut(userID: "@alice:example"))

        // A restart finds it signed out, without syncing.
        let restarted = harness(softLogout: true, devices: devices, sharing: app.directory)
        await restarted.state.send(.resumeSession)
        #expect(restarted.state.signedOutSession?.deviceID == session.deviceID)
        #expect(restarted.state.session == nil && restarted.state.syncStatus == .stopped)

        // Logging in again takes the same device back, and its store with the room.
        await restarted.state.run(line: "/login matrix.org alice")
        #expect(restarted.state.session?.deviceID == session.deviceID)
        #expect(await devices.asked == [nil, session.deviceID], "the login asked for the old device")
        #expect(restarted.state.signedOutSession == nil)
        #expect(restarted.state.rooms["!a:hs"].map(RoomName.of) == "Lobby", "the same store, shown before any sync")
    }

    @Test func aRemovedDeviceKeepsTheStoreForTheNextLoginAsANewDevice() async throws {
        let devices = Devices()
        let app = harness(softLogout: false, devices: devices)
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.signedOutSession != nil }
        #expect(app.state.signedOutSession?.signOut == .deviceRemoved)
        await app.state.run(line: "/login matrix.org alice")
        #expect(app.state.session?.deviceID == "DEVICE2", "the old device is gone: a new one")
        #expect(await devices.asked == [nil, nil])
        #expect(app.state.rooms["!a:hs"] != nil, "the same account's store")
    }

    @Test func loggingOutWhileSignedOutRemovesTheKeptData() async throws {
        let app = AppHarness(confirm: true, sync: Self.signingOut(softLogout: true))
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.signedOutSession != nil }
        let session = try #require(app.state.signedOutSession)
        let storeDirectory = StoreLocation.directory(for: session, dataDirectory: app.directory.url.path)
        #expect(await app.state.run(line: "/logout"))
        #expect(app.state.signedOutSession == nil)
        #expect(!FileManager.default.fileExists(atPath: storeDirectory.path))
        #expect(!FileManager.default.fileExists(atPath: app.sessionFile.path))
    }
}
