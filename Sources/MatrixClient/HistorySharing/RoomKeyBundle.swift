import Foundation
import MatrixCrypto
import MatrixJSON

/// What an inviter shares of a room's history (MSC4268, spec v1.19): the room keys of the
/// sessions made while the history was visible to people invited later, and, withheld, the
/// others. Uploaded encrypted as an attachment; its key goes to the invitee over Olm.
public struct RoomKeyBundle: Sendable, Equatable {
    public var roomKeys: [HistoricRoomKey]
    /// `m.room_key.withheld` contents (code `m.history_not_shared`) of the sessions left out.
    public var withheld: [JSONValue]

    /// More keys than this is not one room's history but an attack on memory and time.
    public static let maximumKeys = 100_000
    /// The most a bundle's encrypted file may hold when downloaded.
    public static let maximumBytes = 64 << 20

    public init(roomKeys: [HistoricRoomKey], withheld: [JSONValue] = []) {
        self.roomKeys = roomKeys
        self.withheld = withheld
    }

    /// A bundle as decrypted. Entries that are not Megolm keys are skipped (a later algorithm is
    /// not an error); anything that is not a bundle is refused whole.
    public init(decrypted data: Data) throws(RoomKeyBundleError) {
        guard data.count <= Self.maximumBytes else { throw .tooLarge }
        guard let json = try? JSONValue(json: data), let keys = json["room_keys"]?.array else { throw .malformed }
        guard keys.count <= Self.maximumKeys else { throw .tooLarge }
        roomKeys = keys.compactMap(HistoricRoomKey.init(json:))
        withheld = json["withheld"]?.array ?? []
    }

    /// The JSON of the bundle, both lists always present (the Rust SDK refuses a bundle without either).
    public func encoded() throws -> Data {
        let json: JSONValue = ["room_keys": .array(roomKeys.map(\.json)), "withheld": .array(withheld)]
        return try json.canonicalEncoding()
    }
}

/// Why a room key bundle was not imported; logged and told by case, never with its content.
public enum RoomKeyBundleError: String, Error, Sendable, Equatable {
    /// Not a bundle: not JSON, or without `room_keys`.
    case malformed
    /// Beyond `maximumBytes` or `maximumKeys`.
    case tooLarge = "too_large"
    /// Its file could not be downloaded (gone from the server) or did not decrypt.
    case unavailable
    /// Its sender's device is not signed by its owner's identity, nor verified here.
    case unverifiedDevice = "unverified_device"
    /// Its sender's device is not among their devices the server lists.
    case unknownDevice = "unknown_device"
    /// Its sender verified here before shows another identity now.
    case identityChanged = "identity_changed"
}
