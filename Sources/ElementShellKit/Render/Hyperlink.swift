import Foundation

/// OSC 8 hyperlinks: text the user can click to open an address. The address is carried as
/// printable ASCII only (every other byte percent-encoded), so nothing in it, however hostile,
/// can end the sequence early or reach the terminal as a control.
enum Hyperlink {
    /// `text` (already clean) made a link to `address`; as it was when the address is not one of
    /// `http`, `https` or `file`.
    static func wrapping(_ text: String, to address: String) -> String {
        let lowered = address.lowercased()
        guard ["http://", "https://", "file://"].contains(where: lowered.hasPrefix) else { return text }
        return "\u{1B}]8;;\(encoded(address))\u{1B}\\\(text)\u{1B}]8;;\u{1B}\\"
    }

    static func encoded(_ address: String) -> String {
        address.addingPercentEncoding(withAllowedCharacters: printable) ?? ""
    }

    /// What an address may carry as it is: the printable ASCII characters but the space.
    private static let printable = CharacterSet(charactersIn: Unicode.Scalar(0x21)...Unicode.Scalar(0x7E))

    /// A local file as a link's address (`file:///path`).
    static func fileAddress(_ path: String) -> String {
        "file://" + path
    }
}
