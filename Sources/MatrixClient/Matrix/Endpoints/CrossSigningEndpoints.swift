import Foundation
import MatrixJSON

/// The body of `POST /keys/device_signing/upload`: the three public cross-signing keys, and the
/// user-interactive authentication the server asked for when it replaces keys it already has.
/// Its description leaves out `auth`, which may hold the password.
struct CrossSigningUpload: Encodable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    var masterKey: JSONValue
    var selfSigningKey: JSONValue
    var userSigningKey: JSONValue
    var auth: JSONValue?

    enum CodingKeys: String, CodingKey {
        case masterKey = "master_key", selfSigningKey = "self_signing_key", userSigningKey = "user_signing_key", auth
    }

    var description: String { "CrossSigningUpload(authenticated: \(auth != nil))" }
    var debugDescription: String { description }
}

extension MatrixEndpoint where Response == JSONValue {
    static func uploadCrossSigningKeys(_ upload: CrossSigningUpload) -> Self {
        MatrixEndpoint(method: .post, path: ["_matrix", "client", "v3", "keys", "device_signing", "upload"], body: upload,
                       isAuthenticated: true)
    }

    /// `POST /keys/signatures/upload`: signed objects by user ID, then device ID or the base64
    /// public key of a cross-signing key. Its answer lists the signatures refused.
    static func uploadSignatures(_ signed: [String: [String: JSONValue]]) -> Self {
        MatrixEndpoint(method: .post, path: ["_matrix", "client", "v3", "keys", "signatures", "upload"], body: signed,
                       isAuthenticated: true)
    }
}
