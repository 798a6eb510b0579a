/// What went wrong talking to a homeserver, as the rest of the app sees it. Built from HTTP
/// status and `errcode` in one place (`MatrixError(response:)`); transport failures are wrapped.
/// Associated strings are data (server names, URLs, the server's own message), never request
/// secrets; user-facing wording is chosen from L10n by the caller.
public enum MatrixError: Error, Sendable, Equatable {
    case forbidden(message: RemoteText)
    case unknownToken(softLogout: Bool)
    case limitExceeded(retryAfterMilliseconds: Int?)
    case notFound
    case userDeactivated
    /// Not a usable homeserver address or base URL (spec: FAIL_ERROR); carries what was tried.
    case invalidHomeserver(String)
    /// The server name's `.well-known/matrix/client` is broken (spec: FAIL_PROMPT, so ask
    /// the user for a homeserver URL); carries the server name.
    case wellKnownInvalid(String)
    /// Any other refusal. `errcode` is the server's code, or `HTTP_<status>` when it sent none;
    /// `message` may be empty.
    case server(errcode: String, message: RemoteText, status: Int)
    /// A response (or, exceptionally, a request body) did not fit its expected JSON shape.
    case decoding(String)
    case transport(TransportError)
    /// A message for an encrypted room could not be encrypted, so it was not sent.
    case encryptionRefused(EncryptionRefusal)
    /// The `sync` setting asks for sliding sync, and the homeserver's endpoint does not answer.
    case slidingSyncUnavailable
}
