import Foundation
import TestSupport

/// What the crash-safety test types into batch mode: numbered messages, each to a room picked at
/// random, in bursts of one to eight, each burst followed by `/wait sent` as a script waiting for
/// delivery would. A kill then lands while lines are read and written to the outbox, while the
/// outbox is sent, or while the shell waits.
struct CrashScript {
    struct Message {
        let roomID: String
        let body: String
        /// The last of its burst: `/wait sent` follows it.
        let endsBurst: Bool
    }

    let messages: [Message]

    /// `count` messages reading `crash-safety 017 MARKER`.
    init(count: Int, roomIDs: [String], marker: String, using generator: inout SeededGenerator) {
        var burstLeft = 0
        messages = (1...count).map { number in
            if burstLeft == 0 { burstLeft = Int.random(in: 1...8, using: &generator) }
            burstLeft -= 1
            return Message(roomID: roomIDs.randomElement(using: &generator)!, body: "crash-safety \(String(format: "%03d", number)) \(marker)",
                           endsBurst: burstLeft == 0 || number == count)
        }
    }

    /// The lines from message `index` on: its room opened first (a restarted shell has none open),
    /// then each message, with an `/open` wherever the room changes.
    func input(from index: Int) -> String {
        var lines: [String] = []
        var openRoomID: String?
        for message in messages[index...] {
            if message.roomID != openRoomID {
                lines.append("/open \(message.roomID)")
                openRoomID = message.roomID
            }
            lines.append(message.body)
            if message.endsBurst { lines.append("/wait sent --timeout 60") }
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// Where a message with this body stands in the script, if it is one of the script's.
    func index(of body: String) -> Int? {
        let fields = body.split(separator: " ")
        guard fields.count == 3, let number = Int(fields[1]), messages.indices.contains(number - 1),
              messages[number - 1].body == body else { return nil }
        return number - 1
    }

    func bodies(in roomID: String) -> [String] {
        messages.filter { $0.roomID == roomID }.map(\.body)
    }
}
