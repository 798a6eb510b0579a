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
        var encoded = ""
        for byte in address.utf8 {
            if (0x21...0x7E).contains(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return encoded
    }

    /// A local file as a link's address (`file:///path`).
    static func fileAddress(_ path: String) -> String {
        "file://" + path
    }
}

private extension String {
    func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: max(0, length - count)) + self
    }
}
