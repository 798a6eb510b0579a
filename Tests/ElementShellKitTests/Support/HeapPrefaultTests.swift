import Foundation
import SyntheticSync
import Testing
@testable import MatrixClient

/// A large response is decoded while another thread populates the heap's new pages: what the
/// decoder writes meanwhile must stay as written, and errors must come out as without it.
@Suite struct HeapPrefaultTests {
    @Test func whatIsWrittenWhilePagesArePopulatedStaysWritten() {
        let blocks = HeapPrefault.whileDecoding(byteCount: 32 << 20) {
            // 16 MB in blocks of 4 KiB, each with its own pattern, as the populating thread goes over the heap.
            (0..<4_096).map { block in (0..<512).map { block &* 7_919 &+ $0 } }
        }
        #expect(blocks.count == 4_096)
        #expect(blocks.indices.allSatisfy { block in blocks[block].indices.allSatisfy { blocks[block][$0] == block &* 7_919 &+ $0 } })
    }

    @Test func aLargeResponseDecodesWhole() throws {
        let json = Data(SyntheticSync(rooms: 300, events: 50, members: 20, seed: 3).json().utf8)
        #expect(json.count >= HeapPrefault.minimumBytes)
        let response = try SyncResponse(json: json)
        #expect(response.rooms.joined.count == 300)
        #expect(response.rooms.joined.values.allSatisfy { room in
            room.timeline.events.count == 50 && room.timeline.events.allSatisfy { $0.content["body"]?.string?.isEmpty == false }
        })
        let batch = SyncBatch(response, userID: SyntheticSync.userID)
        #expect(batch.messages.count == 15_000 && batch.members.count == 300 * 20)
    }

    @Test func aLargeBrokenResponseIsAnErrorAndTheNextOneDecodes() throws {
        let json = Data(SyntheticSync(rooms: 300, events: 50, members: 20, seed: 4).json().utf8)
        #expect(throws: MatrixError.self) { try SyncResponse(json: json + Data("}".utf8)) }
        #expect(try SyncResponse(json: json).rooms.joined.count == 300)
    }
}
