import Foundation

/// The text around the payload ("Key exports" steps 5 and 6): base64 between BEGIN and END lines.
enum RoomKeyExportArmor {
    private static let header = "-----BEGIN MEGOLM SESSION DATA-----"
    private static let footer = "-----END MEGOLM SESSION DATA-----"
    /// Element's line length (72 bytes a line), which keeps the file readable in any editor.
    private static let lineLength = 96

    static func wrap(_ payload: Data) -> String {
        let encoded = payload.base64EncodedString()
        var lines = [header]
        var start = encoded.startIndex
        while start < encoded.endIndex {
            let end = encoded.index(start, offsetBy: lineLength, limitedBy: encoded.endIndex) ?? encoded.endIndex
            lines.append(String(encoded[start..<end]))
            start = end
        }
        lines.append(footer)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The payload between the lines. Whitespace anywhere (CRLF line ends, indentation, a missing
    /// or extra newline) is ignored; the base64 may be padded or not.
    static func unwrap(_ text: String) throws(RoomKeyExportError) -> Data {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.hasPrefix(header) else { throw .missingHeader }
        guard trimmed.hasSuffix(footer), trimmed.count >= header.count + footer.count else { throw .missingFooter }
        let body = trimmed.dropFirst(header.count).dropLast(footer.count).filter { !$0.isWhitespace }
        guard let payload = Data(unpaddedBase64: String(body)) else { throw .invalidBase64 }
        return payload
    }
}
