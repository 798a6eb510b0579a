import Foundation
import MatrixClient

/// Finds the room `/open` means: its number in the `/rooms` order, its ID, its alias, or the
/// start of its name when only one room's name starts so.
public enum RoomLookup {
    /// `ordered`: the rooms as listed, which numbers count; `unlisted`: rooms found only by ID,
    /// alias or name (those a space holds when `/rooms` groups them).
    public static func find(_ target: String, in ordered: [RoomRecord], unlisted: [RoomRecord] = []) -> RoomRecord? {
        if let number = Int(target), number >= 1, number <= ordered.count { return ordered[number - 1] }
        let ordered = ordered + unlisted
        if let room = ordered.first(where: { $0.roomID == target || $0.canonicalAlias == target }) { return room }
        let lowered = target.lowercased()
        let exact = ordered.filter { RoomName.of($0).lowercased() == lowered }
        if exact.count == 1 { return exact[0] }
        let prefixed = ordered.filter { RoomName.of($0).lowercased().hasPrefix(lowered) }
        return prefixed.count == 1 ? prefixed[0] : nil
    }
}

/// Transaction IDs for sends: unique per device for ever, so a resend is recognised as the same.
enum TransactionID {
    static func make(at date: Date) -> String {
        "es\(date.matrixTimestamp)-\(UInt32.random(in: .min ... .max))"
    }
}
