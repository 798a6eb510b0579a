import Foundation
@testable import ElementShellKit
@testable import MatrixClient

/// A `MediaService` made of closures; by default a server that takes anything and has nothing.
struct FakeMediaService: MediaService {
    var limit: @Sendable () async throws(MatrixError) -> Int? = { () throws(MatrixError) in nil }
    var uploading: @Sendable (Data, String, String, TransferProgressHandler?) async throws(MatrixError) -> MediaURL = { _, _, _, _ throws(MatrixError) in
        MediaURL("mxc://hs/uploaded")!
    }
    var downloading: @Sendable (MediaURL, Int, TransferProgressHandler?) async throws(MatrixError) -> Data = { _, _, _ throws(MatrixError) in
        throw .notFound
    }
    var thumbnailing: @Sendable (MediaURL, Int, Int) async throws(MatrixError) -> Data = { _, _, _ throws(MatrixError) in throw .notFound }
    var previewing: @Sendable (String) async throws(MatrixError) -> LinkPreview? = { _ throws(MatrixError) in nil }

    func uploadLimit() async throws(MatrixError) -> Int? { try await limit() }
    func upload(_ data: Data, fileName: String, contentType: String, progress: TransferProgressHandler?) async throws(MatrixError) -> MediaURL {
        try await uploading(data, fileName, contentType, progress)
    }
    func download(_ media: MediaURL, maximumBytes: Int, progress: TransferProgressHandler?) async throws(MatrixError) -> Data {
        try await downloading(media, maximumBytes, progress)
    }
    func thumbnail(_ media: MediaURL, width: Int, height: Int, maximumBytes: Int) async throws(MatrixError) -> Data {
        try await thumbnailing(media, width, height)
    }
    func preview(of url: String) async throws(MatrixError) -> LinkPreview? {
        try await previewing(url)
    }
}
