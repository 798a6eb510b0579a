import ElementShellKit
import Foundation
import MatrixClient

/// Any response body, read as `/v3/sync` and as sliding sync answer it: decoding throws or gives
/// a response, and what decodes becomes a store batch whose messages all belong to rooms of the
/// response that hold a timeline.
enum SyncResponseFuzz {
    static func test(_ input: Data) {
        if let response = try? SyncResponse(json: input) { check(response) }
        if let sliding = try? SlidingSyncResponse(json: input) {
            check(SyncResponse(sliding: sliding, userID: "@fuzz:localhost", continuing: nil))
        }
    }

    private static func check(_ response: SyncResponse) {
        let batch = SyncBatch(response, userID: "@fuzz:localhost")
        precondition(batch.messages.allSatisfy { response.rooms.joined[$0.roomID] != nil },
                     "a message landed in a room the response did not hold")
    }
}
