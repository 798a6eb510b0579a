import Foundation
import MatrixJSON

extension JSONValue {
    /// The member `name` as bytes; nil when it is absent or null. The spec asks for unpadded
    /// base64 but Element writes padding, so both are read.
    func base64Member(_ name: String) throws(SecretStorageError) -> Data? {
        guard let member = self[name], member != .null else { return nil }
        guard let text = member.string, let bytes = Data(unpaddedBase64: text) else { throw .malformed(name) }
        return bytes
    }
}
