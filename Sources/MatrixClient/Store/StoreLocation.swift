import Foundation

/// Where a session's local store lives: one directory per account, keyed by user ID and
/// homeserver URL, inside the profile's data directory, so two accounts never share data.
public enum StoreLocation {
    public static func directory(for session: Session, dataDirectory: String) -> URL {
        URL(fileURLWithPath: dataDirectory)
            .appending(path: "accounts")
            .appending(path: escape(session.userID) + "@" + escape(session.homeserverURL.absoluteString))
    }

    public static func databaseURL(for session: Session, dataDirectory: String) -> URL {
        directory(for: session, dataDirectory: dataDirectory).appending(path: "store.sqlite")
    }

    /// Letters, digits, `.`, `_` and `-` stay; every other byte becomes `%XX`: readable, and no
    /// two IDs share a name.
    static func escape(_ text: String) -> String {
        text.utf8.map { byte in
            let character = Character(UnicodeScalar(byte))
            let plain = byte < 0x80 && (character.isLetter || character.isNumber || "._-".contains(character))
            return plain ? String(character) : String(format: "%%%02X", byte)
        }.joined()
    }
}
