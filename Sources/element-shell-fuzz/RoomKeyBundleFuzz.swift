import Foundation
import MatrixClient

/// Any decrypted room key bundle (MSC4268), as a sender might make it: reading never crashes,
/// refuses what is too large whole, and what it keeps reads back the same once written again.
enum RoomKeyBundleFuzz {
    static func test(_ input: Data) {
        guard let bundle = try? RoomKeyBundle(decrypted: input) else { return }
        precondition(bundle.roomKeys.count <= RoomKeyBundle.maximumKeys, "more keys than the limit were kept")
        guard let written = try? bundle.encoded(), let again = try? RoomKeyBundle(decrypted: written) else {
            preconditionFailure("a bundle read could not be written and read again")
        }
        precondition(again.roomKeys == bundle.roomKeys, "the keys changed on a second reading")
    }
}
