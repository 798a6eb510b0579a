/// One answer of the token endpoint to a device code (RFC 8628 §3.5).
public enum DeviceTokenAnswer: Sendable, Equatable {
    case tokens(IssuedTokens)
    /// `authorization_pending`: the person has not decided yet.
    case pending
    /// `slow_down`: poll less often.
    case slowDown
    /// `access_denied`: the person refused.
    case denied
    /// `expired_token`: the code is void; a new login gets a new one.
    case expired
    /// Any other OAuth error code, such as `invalid_client`.
    case error(String)
    /// The network failed; the code may still be good.
    case unreachable(TransportError)
}
