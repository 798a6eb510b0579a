import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

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

    /// A renewal's rotated pair replaces the file whole; one that cannot be written leaves the
    /// pair before it, on disk and in memory, for the next request to renew again.
    @Test func aTokenRotationIsWrittenWholeOrNotAtAll() async throws {
        let directory = TemporaryDirectory()
        let store = SessionStore(directory: directory.url)
        var oauth = session
        oauth.refreshToken = "refresh-0"
        oauth.oauth = OAuthSession(issuer: "https://auth.example/", clientID: "c", tokenEndpoint: URL(string: "https://auth.example/token")!,
                                   revocationEndpoint: nil)
        try await store.save(oauth)
        #expect(try await store.update { current in
            current.accessToken = "access-1"
            current.refreshToken = "refresh-1"
            return true
        })
        let rotated = try #require(try await SessionStore(directory: directory.url).load())
        #expect(rotated.accessToken == "access-1" && rotated.refreshToken == "refresh-1" && rotated.oauth == oauth.oauth)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["session.json"])

        // The directory is gone (a file stands in its place): the rotation fails and changes nothing.
        let aside = directory.url.deletingLastPathComponent().appending(path: directory.url.lastPathComponent + "-aside")
        try FileManager.default.moveItem(at: directory.url, to: aside)
        try Data().write(to: directory.url)
        await #expect(throws: SessionStore.Failure.self) {
            try await store.update { current in
                current.accessToken = "access-2"
                current.refreshToken = "refresh-2"
                return true
            }
        }
        #expect(await store.current?.refreshToken == "refresh-1", "the pair in memory is the one on disk")
        try FileManager.default.removeItem(at: directory.url)
        try FileManager.default.moveItem(at: aside, to: directory.url)
        #expect(try await SessionStore(directory: directory.url).load()?.refreshToken == "refresh-1")
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
