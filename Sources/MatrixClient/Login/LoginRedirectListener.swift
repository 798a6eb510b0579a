import Foundation

/// Where the browser comes back after single sign-on. One-shot: it answers one redirect and
/// stops listening.
public protocol LoginRedirectListener: Sendable {
    /// The address the homeserver sends the browser to, login token appended.
    var redirectURL: URL { get }
    /// Waits for the browser; throws `CancellationError` when the task is cancelled (Ctrl-C).
    func redirect() async throws -> LoginRedirect
}

/// The pages the browser shows once it is back.
public struct LoginRedirectPages: Sendable, Equatable {
    /// After a login token: the user may close the tab.
    public var signedIn: String
    /// After an error from the homeserver.
    public var failed: String

    public init(signedIn: String, failed: String) {
        self.signedIn = signedIn
        self.failed = failed
    }

    /// A minimal HTML page of one message, escaped.
    static func html(_ message: String) -> String {
        let escaped = message.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        return "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>\(escaped)</title></head><body><p>\(escaped)</p></body></html>"
    }
}
