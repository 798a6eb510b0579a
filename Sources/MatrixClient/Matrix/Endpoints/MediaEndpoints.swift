import Foundation

/// The content URI the server gave an upload.
struct UploadedMedia: Decodable, Sendable, Equatable {
    var contentURI: String

    enum CodingKeys: String, CodingKey {
        case contentURI = "content_uri"
    }
}

/// `GET /_matrix/client/v1/media/config`: how large an upload may be, if the server says.
struct MediaConfig: Decodable, Sendable, Equatable {
    var uploadSize: Int?

    enum CodingKeys: String, CodingKey {
        case uploadSize = "m.upload.size"
    }
}

/// Media moves slowly and in bulk: an hour for the whole transfer, Ctrl-C to stop sooner.
private let mediaTransferTimeout: TimeInterval = 3600

extension MatrixEndpoint where Response == UploadedMedia {
    /// `POST /_matrix/media/v3/upload?filename=…` with the file's bytes as the body.
    static func upload(_ data: Data, fileName: String, contentType: String) -> Self {
        MatrixEndpoint(method: .post, path: ["_matrix", "media", "v3", "upload"], query: [URLQueryItem(name: "filename", value: fileName)],
                       rawBody: RawBody(data: data, contentType: contentType), isAuthenticated: true, timeout: mediaTransferTimeout)
    }
}

extension MatrixEndpoint where Response == MediaConfig {
    static var mediaConfig: Self {
        MatrixEndpoint(method: .get, path: ["_matrix", "client", "v1", "media", "config"], isAuthenticated: true)
    }
}

extension MatrixEndpoint where Response == Data {
    /// `GET /_matrix/client/v1/media/download/{serverName}/{mediaId}`, authenticated; the body is the file.
    static func download(_ media: MediaURL, maximumBytes: Int) -> Self {
        MatrixEndpoint(method: .get, path: ["_matrix", "client", "v1", "media", "download", media.serverName, media.mediaID],
                       isAuthenticated: true, timeout: mediaTransferTimeout, maximumResponseBytes: maximumBytes)
    }

    /// `GET /_matrix/client/v1/media/thumbnail/{serverName}/{mediaId}?width=&height=&method=scale`,
    /// authenticated: a picture the server scaled (keeping its proportions) to about the size
    /// asked, for the server's own media only (an encrypted file has no thumbnail but its own).
    /// `GET /_matrix/client/v1/media/preview_url`: the homeserver fetches the page and answers
    /// with its OpenGraph fields.
    static func preview(of url: String) -> Self {
        MatrixEndpoint(method: .get, path: ["_matrix", "client", "v1", "media", "preview_url"], query: [URLQueryItem(name: "url", value: url)],
                       isAuthenticated: true, maximumResponseBytes: 1 << 20)
    }

    static func thumbnail(_ media: MediaURL, width: Int, height: Int, maximumBytes: Int) -> Self {
        MatrixEndpoint(method: .get, path: ["_matrix", "client", "v1", "media", "thumbnail", media.serverName, media.mediaID],
                       query: [URLQueryItem(name: "width", value: String(width)), URLQueryItem(name: "height", value: String(height)),
                               URLQueryItem(name: "method", value: "scale")],
                       isAuthenticated: true, maximumResponseBytes: maximumBytes)
    }
}
