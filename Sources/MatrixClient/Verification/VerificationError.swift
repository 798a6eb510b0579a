/// Why a verification command could not be done; the flow, if any, goes on unchanged.
public enum VerificationError: Error, Sendable, Equatable {
    /// No verification is waiting or running.
    case none
    /// Several are: the command needs one of these numbers.
    case ambiguous([Int])
    case notFound(String)
    /// The flow is not at a step where this can be done (confirm before the emoji, …).
    case notNow(number: Int)
    /// `/verify` with no other device of this account to ask.
    case noOtherDevice
    case unknownDevice(userID: String, deviceID: String)
    case server(MatrixError)
}
