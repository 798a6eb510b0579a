/// Why a verification ended early, as `m.key.verification.cancel` says it. Codes from others
/// that are not listed here are kept as they came.
public enum VerificationCancelCode: Error, Sendable, Equatable {
    case user
    case timeout
    case unknownTransaction
    case unknownMethod
    case unexpectedMessage
    case keyMismatch
    case userMismatch
    case invalidMessage
    /// Another device of the user took the request.
    case accepted
    case mismatchedCommitment
    case mismatchedSAS
    case other(RemoteText)

    public init(code: String) {
        self = Self.known.first { $0.code == code } ?? .other(RemoteText(code))
    }

    private static let known: [VerificationCancelCode] = [
        .user, .timeout, .unknownTransaction, .unknownMethod, .unexpectedMessage, .keyMismatch, .userMismatch, .invalidMessage,
        .accepted, .mismatchedCommitment, .mismatchedSAS,
    ]

    public var code: String {
        switch self {
        case .user: "m.user"
        case .timeout: "m.timeout"
        case .unknownTransaction: "m.unknown_transaction"
        case .unknownMethod: "m.unknown_method"
        case .unexpectedMessage: "m.unexpected_message"
        case .keyMismatch: "m.key_mismatch"
        case .userMismatch: "m.user_mismatch"
        case .invalidMessage: "m.invalid_message"
        case .accepted: "m.accepted"
        case .mismatchedCommitment: "m.mismatched_commitment"
        case .mismatchedSAS: "m.mismatched_sas"
        case .other(let code): code.unsanitized
        }
    }

    /// The English reason sent beside the code, for the other side's logs (never shown here).
    var reason: String {
        switch self {
        case .user: "The user cancelled the verification."
        case .timeout: "The verification timed out."
        case .unknownTransaction: "Unknown verification."
        case .unknownMethod: "No verification method in common."
        case .unexpectedMessage: "Unexpected verification message."
        case .keyMismatch: "The keys did not match."
        case .userMismatch: "The user did not match."
        case .invalidMessage: "Invalid verification message."
        case .accepted: "The verification was accepted on another device."
        case .mismatchedCommitment: "The hash commitment did not match."
        case .mismatchedSAS: "The short authentication strings did not match."
        case .other(let code): code.unsanitized
        }
    }
}
