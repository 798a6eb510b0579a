import Foundation

/// The body of an `m.olm.v1.curve25519-aes-sha2` ciphertext for one device: a pre-key message
/// (type 0), sent until the session has heard from the other side, or a normal one (type 1).
public enum OlmMessage: Sendable, Equatable {
    case preKey(Data)
    case normal(Data)

    public init(type: Int, base64Body: String) throws(MatrixCryptoError) {
        guard let body = Data(unpaddedBase64: base64Body) else { throw .invalidBase64 }
        switch type {
        case 0: self = .preKey(body)
        case 1: self = .normal(body)
        default: throw .malformed("Olm message type \(type)")
        }
    }

    public var type: Int {
        switch self {
        case .preKey: 0
        case .normal: 1
        }
    }

    public var base64Body: String {
        switch self {
        case .preKey(let body), .normal(let body): body.unpaddedBase64
        }
    }
}
