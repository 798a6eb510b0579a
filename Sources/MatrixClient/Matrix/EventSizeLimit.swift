import Foundation
import MatrixJSON

/// The spec caps an event at 64 KiB, all of it: the content and what the server puts around it
/// (IDs, hashes, signatures, the events it follows). A message past that is refused (413
/// `M_TOO_LARGE`), so the shell refuses it first, before it enters the outbox, and the user keeps
/// the text. Estimated, not exact: the server's part is not known until it is added.
public enum EventSizeLimit {
    static let eventBytes = 65_536
    /// Left for the server's part of the event: room versions 11 and 12 take well under 1 KiB.
    static let envelopeBytes = 2_048
    /// The most content a message may carry.
    public static let contentBytes = eventBytes - envelopeBytes

    /// The bytes `content` takes on the wire: as JSON, or in an encrypted room as Megolm
    /// ciphertext (base64 of the encrypted event, a third larger, and its sender's keys beside it).
    public static func bytes(of content: JSONValue, encrypted: Bool) -> Int {
        let plain = (try? JSONEncoder().encode(content).count) ?? 0
        return encrypted ? (plain + 256) * 4 / 3 + 512 : plain
    }
}
