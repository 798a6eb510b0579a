/// When to ask the token endpoint again while the person decides (RFC 8628 §3.5): every
/// `interval`, five seconds more after each `slow_down`, until the code expires; a network
/// failure is tried again at the next turn, as the code may still be good.
public struct DeviceCodePolling: Sendable, Equatable {
    public enum Step: Sendable, Equatable {
        case wait(Duration)
        case signedIn(IssuedTokens)
        case failed(LoginError)
    }

    public private(set) var interval: Duration
    /// When the code expires, on the app's clock.
    let deadline: Duration

    public init(_ authorization: DeviceAuthorization, startedAt start: Duration) {
        interval = .seconds(authorization.interval)
        deadline = start + .seconds(authorization.expiresIn)
    }

    /// What to do after `answer`, received at `now`.
    public mutating func next(after answer: DeviceTokenAnswer, now: Duration) -> Step {
        switch answer {
        case .tokens(let tokens): return .signedIn(tokens)
        case .denied: return .failed(.deviceCodeDenied)
        case .expired: return .failed(.deviceCodeExpired)
        case .error(let code): return .failed(.authorizationServer(RemoteText(code)))
        case .slowDown:
            interval += .seconds(5)
            fallthrough
        case .pending, .unreachable:
            return now + interval < deadline ? .wait(interval) : .failed(.deviceCodeExpired)
        }
    }
}
