import Foundation

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
}
