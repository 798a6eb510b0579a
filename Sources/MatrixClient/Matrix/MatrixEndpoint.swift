import Foundation

/// One client-server API call: where it goes, what it sends and what it decodes to
/// (`Decodable` or `JSONReadable`, whichever way its response type reads itself).
/// Endpoints are declared as static factories in `Endpoints/`.
public struct MatrixEndpoint<Response>: Sendable {
    var method: HTTPMethod
    /// Unencoded path segments below the base URL; each is percent-encoded on its own, so
    /// IDs containing `/`, `#` or `:` stay one segment.
    var path: [String]
    var query: [URLQueryItem] = []
    var body: (any Encodable & Sendable)?
    /// Bytes sent as they are instead of a JSON `body`: a media upload.
    var rawBody: RawBody?
    /// Whether the access token is sent; discovery endpoints never carry it.
    var isAuthenticated: Bool
    /// `nil`: the client's request timeout (the `request_timeout` setting).
    var timeout: TimeInterval?
    var followsRedirects = false
    var maximumResponseBytes = HTTPRequest.defaultMaximumResponseBytes

    /// Discovery documents are a few hundred bytes: a megabyte is generous, and keeps a server
    /// that is not a homeserver from filling memory before anyone has logged in.
    static var discoveryMaximumResponseBytes: Int { 1 << 20 }
}

/// A request body that is not JSON, with its `Content-Type`.
struct RawBody: Sendable {
    var data: Data
    var contentType: String
}

/// The body of responses that carry nothing, such as `{}` from `/logout`.
struct EmptyResponse: Decodable, Equatable {}
