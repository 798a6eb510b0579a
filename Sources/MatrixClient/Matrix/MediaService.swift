import Foundation
import MatrixJSON

/// Moving files to and from the homeserver's media repository, for a session.
public protocol MediaService: Sendable {
    /// The largest upload the server accepts, when it says.
    func uploadLimit() async throws(MatrixError) -> Int?
    /// The content URI of the stored file.
    func upload(_ data: Data, fileName: String, contentType: String, progress: TransferProgressHandler?) async throws(MatrixError) -> MediaURL
    /// The file's bytes, refused (`responseTooLarge`) past `maximumBytes`.
    func download(_ media: MediaURL, maximumBytes: Int, progress: TransferProgressHandler?) async throws(MatrixError) -> Data
    /// A picture scaled by the server to about `width` × `height`, refused past `maximumBytes`.
    func thumbnail(_ media: MediaURL, width: Int, height: Int, maximumBytes: Int) async throws(MatrixError) -> Data
    /// What the page at `url` looks like, as the homeserver fetched it; nil when it found
    /// nothing to show. The homeserver learns the address: ask only where the user allows it.
    func preview(of url: String) async throws(MatrixError) -> LinkPreview?
}

public struct MatrixMediaService: MediaService {
    private let client: MatrixClient

    init(session: Session, transport: any HTTPTransport, requestTimeout: TimeInterval = 30, clock: any ShellClock = SystemClock()) {
        client = MatrixClient(homeserverURL: session.homeserverURL, accessToken: session.accessToken, transport: transport,
                              requestTimeout: requestTimeout, clock: clock)
    }

    public func uploadLimit() async throws(MatrixError) -> Int? {
        try await client.send(.mediaConfig).uploadSize
    }

    public func upload(_ data: Data, fileName: String, contentType: String, progress: TransferProgressHandler?) async throws(MatrixError) -> MediaURL {
        let body = try await client.successBody(.upload(data, fileName: fileName, contentType: contentType), progress: progress)
        let answer = try MatrixClient.decode(UploadedMedia.self, from: body)
        guard let media = MediaURL(answer.contentURI) else { throw .decoding("UploadedMedia: content_uri is not an mxc URI") }
        return media
    }

    public func download(_ media: MediaURL, maximumBytes: Int, progress: TransferProgressHandler?) async throws(MatrixError) -> Data {
        try await client.successBody(.download(media, maximumBytes: maximumBytes), progress: progress)
    }

    public func thumbnail(_ media: MediaURL, width: Int, height: Int, maximumBytes: Int) async throws(MatrixError) -> Data {
        try await client.successBody(.thumbnail(media, width: width, height: height, maximumBytes: maximumBytes), progress: nil)
    }

    public func preview(of url: String) async throws(MatrixError) -> LinkPreview? {
        let body = try await client.successBody(.preview(of: url), progress: nil)
        guard case .object(var fields) = try MatrixClient.decode(JSONValue.self, from: body) else { throw .decoding("preview_url: not a JSON object") }
        fields["matched_url"] = .string(url)
        return LinkPreview(json: .object(fields))
    }
}
