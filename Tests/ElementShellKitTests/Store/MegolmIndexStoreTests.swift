import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// `megolm_message_index`: the first event to use a Megolm message index keeps it.
@Suite struct MegolmIndexStoreTests {
    let directory = TemporaryDirectory()

    func use(_ eventID: String, index: UInt32 = 4, room: String = "!r", at time: Int64? = 10) -> MegolmIndexUse {
        MegolmIndexUse(roomID: room, sessionID: "S", messageIndex: index, eventID: eventID, originServerTS: time)
    }

    @Test func theFirstEventKeepsAnIndexInItsRoom() async throws {
        let store = try StoreWriter(url: directory.url.appending(path: "store.sqlite"))
        #expect(try await store.claimMegolmIndexes([use("$a"), use("$a")]).isEmpty, "the same event twice")
        #expect(try await store.claimMegolmIndexes([use("$a")]).isEmpty, "and again later")
        #expect(try await store.claimMegolmIndexes([use("$b"), use("$a", at: 11)]) == [use("$b"): use("$a"), use("$a", at: 11): use("$a")])
        #expect(try await store.claimMegolmIndexes([use("$b", index: 5), use("$c", room: "!other")]).isEmpty,
                "another index, or the same session ID in another room")
        let untimed = use("$d", index: 6, at: nil)
        #expect(try await store.claimMegolmIndexes([untimed, untimed, use("$e", index: 5)]) == [use("$e", index: 5): use("$b", index: 5)],
                "an event without a timestamp is the same event again without one")
    }
}
