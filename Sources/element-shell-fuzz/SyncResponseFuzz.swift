import ElementShellKit
import Foundation

/// Any response body: decoding throws or gives a response, and what decodes becomes a store batch
/// whose messages all belong to rooms of the response.
enum SyncResponseFuzz {
    static func test(_ input: Data) {
        guard let response = try? SyncResponse(json: input) else { return }
        let batch = SyncBatch(response, userID: "@fuzz:localhost")
        precondition(batch.messages.allSatisfy { response.rooms.joined[$0.roomID] != nil },
                     "a message landed in a room the response did not hold")
    }
}
