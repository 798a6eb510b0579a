/// Which rooms our messages carry previews of the pages they link to (the `link_previews`
/// setting). A preview is made by the homeserver (`preview_url`), which so learns the address:
/// by default only in rooms it can read anyway, as Element chooses.
public enum LinkPreviewsMode: String, Sendable, CaseIterable {
    case off
    case unencrypted
    case all

    func allows(inEncryptedRoom encrypted: Bool) -> Bool {
        switch self {
        case .off: false
        case .unencrypted: !encrypted
        case .all: true
        }
    }
}
