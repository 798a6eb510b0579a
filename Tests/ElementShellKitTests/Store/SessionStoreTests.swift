import Foundation
import Testing
@testable import ElementShellKit

@Suite struct SessionStoreTests {
    let session = Session(userID: "@alice:example", deviceID: "DEV", accessToken: "syt_secret", homeserverURL: URL(string: "https://hs.example")!)

    @Test func savesPrivatelyAndReadsBack() async throws {
        let directory = TemporaryDirectory()
        let store = SessionStore(directory: directory.url)
        #expect(try await store.load() == nil)
        try await store.save(session)
        #expect(try await store.load() == session)
        let attributes = try FileManager.default.attributesOfItem(atPath: store.fileURL.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.url.path).filter { $0 != "session.json" }
        #expect(leftovers.isEmpty, "no temporary files stay behind")
    }

    @Test func aNewSessionReplacesTheOld() async throws {
        let directory = TemporaryDirectory()
        let store = SessionStore(directory: directory.url)
        try await store.save(session)
        var next = session
        next.deviceID = "NEWDEV"
        try await store.save(next)
        #expect(try await store.load()?.deviceID == "NEWDEV")
        try await store.delete()
        #expect(try await store.load() == nil)
        try await store.delete()
    }

    @Test func anUnwritableDirectoryIsAnError() async {
        let store = SessionStore(directory: URL(fileURLWithPath: "/proc/element-shell-nowhere"))
        await #expect(throws: SessionStore.Failure.self) { try await store.save(session) }
    }

    @Test func aDamagedFileIsAnErrorNotASession() async throws {
        let directory = TemporaryDirectory()
        let store = SessionStore(directory: directory.url)
        try Data("{not json".utf8).write(to: store.fileURL)
        await #expect(throws: (any Error).self) { try await store.load() }
    }
}
