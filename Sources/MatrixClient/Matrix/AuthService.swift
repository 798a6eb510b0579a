import Foundation

/// Finding a homeserver and logging a device in (with a password, or the token single sign-on
/// brought back) and out.
public protocol AuthService: Sendable {
    /// The client-server base URL for a typed URL, server name or user ID, checked to answer
    /// `/versions`.
    func resolveHomeserver(_ input: String) async throws(MatrixError) -> URL

    /// The ways the homeserver lets a device log in (`GET /login`); `.none` from a server without
    /// that API (OAuth 2.0 only).
    func offeredLogins(homeserverURL: URL) async throws(MatrixError) -> OfferedLogins

    /// Logs in with `m.login.password` (where `offeredLogins` lists it). `user` is a
    /// localpart or a full `@user:server` ID. The password is used only for this request and is
    /// not kept. The session's URL is the one the server's answer points to, when it gives a
    /// usable one, else `homeserverURL`. With `deviceID`, the login takes over that device (after
    /// a soft logout) instead of creating one.
    func login(homeserverURL: URL, user: String, password: String, deviceDisplayName: String,
               deviceID: String?) async throws(MatrixError) -> Session

    /// Logs in with `m.login.token`, the token a single sign-on redirect brought back; otherwise
    /// as the password login.
    func login(homeserverURL: URL, loginToken: String, deviceDisplayName: String, deviceID: String?) async throws(MatrixError) -> Session

    /// The homeserver's OAuth 2.0 server (`auth_metadata`); nil where it has none.
    func authMetadata(homeserverURL: URL) async throws(MatrixError) -> AuthMetadata?

    /// Registers this app with the homeserver's OAuth 2.0 server; returns its client ID.
    func registerClient(_ registration: ClientRegistration, with metadata: AuthMetadata) async throws(MatrixError) -> String

    /// Asks the OAuth 2.0 server for a device code the person approves in a browser.
    func authorizeDevice(clientID: String, scope: String, with metadata: AuthMetadata) async throws(MatrixError) -> DeviceAuthorization

    /// Asks once whether the device code was approved (and for the tokens when it was).
    func pollDeviceToken(_ authorization: DeviceAuthorization, clientID: String, with metadata: AuthMetadata) async -> DeviceTokenAnswer

    /// Invalidates the session's access token and deletes its device on the server; for an OAuth
    /// 2.0 login, revokes its tokens at the authorization server, which ends the device's session.
    func logout(_ session: Session) async throws(MatrixError)

    /// Who the session's access token belongs to; `unknownToken` once it is no longer valid.
    func whoami(_ session: Session) async throws(MatrixError) -> TokenOwner
}

extension AuthService {
    /// A login as a new device.
    public func login(homeserverURL: URL, user: String, password: String, deviceDisplayName: String) async throws(MatrixError) -> Session {
        try await login(homeserverURL: homeserverURL, user: user, password: password, deviceDisplayName: deviceDisplayName, deviceID: nil)
    }
}
