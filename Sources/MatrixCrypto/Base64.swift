import Foundation

/// Matrix writes binary values as unpadded base64 (appendix "Unpadded Base64"); readers must
/// also accept padding.
extension Data {
    public init?(unpaddedBase64 text: String) {
        let missing = (4 - text.utf8.count % 4) % 4
        guard missing < 3 else { return nil }
        self.init(base64Encoded: text + String(repeating: "=", count: missing))
    }

    public var unpaddedBase64: String {
        var text = base64EncodedString()
        while text.hasSuffix("=") { text.removeLast() }
        return text
    }
}
