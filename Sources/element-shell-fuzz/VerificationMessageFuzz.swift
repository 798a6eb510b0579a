import ElementShellKit
import Foundation
import MatrixClient
import MatrixJSON

/// Any verification message, as a JSON object `{"type", "content", "sender", "event_id"}` read
/// both as a to-device message and as a room event: reading never crashes, and what it accepts
/// names its flow and carries what its step needs.
enum VerificationMessageFuzz {
    static func test(_ input: Data) {
        guard let event = try? JSONDecoder().decode(JSONValue.self, from: input), let type = event["type"]?.string,
              let content = event["content"] else { return }
        let sender = event["sender"]?.string ?? "@fuzz:hs"
        let roomEvent = SyncEvent(type: type, eventID: event["event_id"]?.string, sender: sender, content: content)
        for message in [VerificationMessage(toDeviceType: type, sender: sender, content: content), VerificationMessage(roomEvent: roomEvent)] {
            guard let message else { continue }
            precondition(!message.flowID.isEmpty, "a message without its flow was accepted")
            if case .mac(let mac, _) = message.step { precondition(!mac.isEmpty, "a MAC of no keys was accepted") }
        }
    }
}
