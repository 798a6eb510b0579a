import Foundation
import MatrixJSON
import Testing
@testable import MatrixClient

/// Whom the user ignores (`m.ignored_user_list`): their messages are stored but left out of
/// what the app is told and reads, count for nothing, and come back when the user stops
/// ignoring them; their invites are not the user's to see.
@Suite struct IgnoredUsersTests {
    typealias Unread = UnreadCountingTests
    let directory = TemporaryDirectory()

    static func ignoring(_ userIDs: [String], _ response: SyncResponse) -> SyncResponse {
        var response = response
        response.accountData[IgnoredUsers.type] = ["ignored_users": .object(Dictionary(uniqueKeysWithValues: userIDs.map { ($0, [:]) }))]
        return response
    }

    @Test func theirMessagesAreKeptOutOfSightAndComeBack() async throws {
        let store = try StoreWriter(url: directory.url.appending(path: "store.sqlite"))
        let first = Self.ignoring(["@bob:hs"], Unread.sliding([Unread.message("spam", at: 1), Unread.message("hello", from: "@cy:hs", at: 2)], pos: "1"))
        let result = try await store.apply(first, userID: Unread.me)
        #expect(result.messages.map(\.body) == ["hello"])
        #expect(result.ignoredUsers == ["@bob:hs"])
        #expect(result.rooms.first?.notificationCount == 1, "only cy's message counts")
        #expect(try await store.messages(in: "!a", before: nil, limit: 10).map(\.body) == ["hello"])
        #expect(try await store.ignoredUsers() == ["@bob:hs"])

        let lifted = Self.ignoring([], SyncResponse(position: .sliding(SlidingSyncPosition(pos: "2", toDeviceSince: nil))))
        let back = try await store.apply(lifted, userID: Unread.me)
        #expect(back.ignoredUsers == [])
        #expect(back.rooms.first { $0.roomID == "!a" }?.notificationCount == 2, "counted again, with bob's")
        #expect(try await store.messages(in: "!a", before: nil, limit: 10).map(\.body) == ["spam", "hello"])
    }

    @Test func anInviteFromSomeoneIgnoredIsNotTheirs() async throws {
        let store = try StoreWriter(url: directory.url.appending(path: "store.sqlite"))
        let invite = SyncEvent(type: "m.room.member", sender: "@bob:hs", stateKey: Unread.me, content: ["membership": "invite"])
        var response = Self.ignoring(["@bob:hs"], SyncResponse(nextBatch: "s1"))
        response.rooms.invited = ["!spam:hs": .init(inviteState: [invite]),
                                  "!fine:hs": .init(inviteState: [SyncEvent(type: "m.room.member", sender: "@cy:hs", stateKey: Unread.me,
                                                                            content: ["membership": "invite"])])]
        let result = try await store.apply(response, userID: Unread.me)
        #expect(result.rooms.map(\.roomID) == ["!fine:hs"])
        #expect(try await store.room("!spam:hs") == nil)
    }
}
