/// Why `/login` could not sign in, beyond what the homeserver said.
public enum LoginError: Error, Sendable, Equatable {
    /// The server offers neither passwords nor single sign-on (for example, OAuth 2.0 only).
    case noUsableMethod
    /// The login kind asked for (a flag, or the only one we could use) is not on the server's list.
    case notOffered(LoginMethod)
    /// Password login needs a user name, and none was typed.
    case userRequired
    /// `--sso NAME` named none of the server's identity providers (by name or ID).
    case unknownIdentityProvider(String, offered: [RemoteText])
    /// Nothing came back from the browser in time.
    case timedOut(seconds: Int)
    /// The homeserver sent the browser back with an error instead of a login token.
    case refusedInBrowser(RemoteText)
    /// The person refused the device code in the browser (`access_denied`).
    case deviceCodeDenied
    /// The device code expired before anyone approved it.
    case deviceCodeExpired
    /// The authorization server refused with another OAuth error code.
    case authorizationServer(RemoteText)
    /// No port on 127.0.0.1 could take the browser's answer.
    case redirectUnavailable
}
