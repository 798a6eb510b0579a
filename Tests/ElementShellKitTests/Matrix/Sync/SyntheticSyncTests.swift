import Foundation
import SyntheticSync
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// The benchmark's generated responses: shaped as the issue asks, and read by the real decoder
/// into what the store would keep.
@Suite struct SyntheticSyncTests {
    @Test func generatesTheAskedShapeThatTheClientReads() throws {
        let json = SyntheticSync(rooms: 3, events: 4, members: 5, seed: 7).json()
        let response = try SyncResponse(json: Data(json.utf8))
        #expect(response.nextBatch == "s3_4_5_7")
        #expect(response.rooms.joined.count == 3 && response.rooms.invited.isEmpty && response.rooms.left.isEmpty)
        for room in response.rooms.joined.values {
            #expect(room.timeline.events.count == 4 && room.timeline.limited && room.timeline.previousBatch != nil)
            #expect(room.timeline.events.allSatisfy { $0.type == "m.room.message" && $0.content["body"]?.string?.isEmpty == false })
            #expect(room.timeline.events.allSatisfy { $0.eventID?.hasPrefix("$") == true })
            let members = room.state.filter { $0.type == "m.room.member" }
            #expect(members.count == 5 && members.contains { $0.stateKey == SyntheticSync.userID })
            #expect(Set(room.state.map(\.type)).isSuperset(of: ["m.room.create", "m.room.name", "m.room.topic", "m.room.canonical_alias"]))
            #expect(room.summary.joinedMemberCount == 5 && room.summary.heroes?.count == 4)
        }
        let batch = SyncBatch(response, userID: SyntheticSync.userID)
        #expect(batch.messages.count == 12 && batch.members.count == 15)
        #expect(batch.rooms.allSatisfy { $0.name?.isEmpty == false && $0.canonicalAlias?.hasPrefix("#room") == true })
    }

    @Test func theSameArgumentsGiveTheSameBytes() {
        #expect(SyntheticSync(rooms: 2, events: 3, members: 2, seed: 1).json() == SyntheticSync(rooms: 2, events: 3, members: 2, seed: 1).json())
        #expect(SyntheticSync(rooms: 2, events: 3, members: 2, seed: 1).json() != SyntheticSync(rooms: 2, events: 3, members: 2, seed: 2).json())
    }
}
