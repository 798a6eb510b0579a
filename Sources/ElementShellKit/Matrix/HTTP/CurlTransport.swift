import CCurl
import Dispatch
import Foundation

/// HTTP on libcurl. TLS peer and host verification are always on. Easy handles are pooled so
/// connections stay alive between requests. `curl_easy_perform` blocks, so transfers run on a
/// dispatch queue rather than on Swift's cooperative threads; cancelling the calling task
/// aborts the transfer from libcurl's progress callback.
public final class CurlTransport: HTTPTransport {
    private let settings: CurlTransfer.Settings
    private let handles: CurlHandlePool
    private let queue = DispatchQueue(label: "element-shell.curl", attributes: .concurrent)

    /// - Parameters:
    ///   - caFile: a PEM bundle to trust instead of the system's, e.g. for a private CA.
    ///   - maxIdleHandles: handles (each with its own connections) kept between requests.
    public init(caFile: String? = nil, userAgent: String, maxIdleHandles: Int = 4) {
        settings = CurlTransfer.Settings(caFile: caFile, userAgent: userAgent)
        handles = CurlHandlePool(capacity: maxIdleHandles)
    }

    /// Handles waiting for the next request; exposed so tests can observe reuse.
    var idleHandleCount: Int { handles.idleCount }

    public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        try await send(request, progress: nil)
    }

    public func send(_ request: HTTPRequest, progress: TransferProgressHandler?) async throws(TransportError) -> HTTPResponse {
        guard let scheme = request.url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              request.url.host?.isEmpty == false else {
            throw .invalidURL(request.url.redactedForDiagnostics)
        }
        let cancellation = CancellationFlag()
        let monitor = TransferMonitor(cancellation: cancellation, isUpload: request.body?.isEmpty == false, progress: progress)
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                queue.async { [settings, handles] in
                    continuation.resume(returning: Self.perform(request, settings: settings, handles: handles, monitor: monitor))
                }
            }
        } onCancel: {
            cancellation.cancel()
        }
        return try result.get()
    }

    private static func perform(
        _ request: HTTPRequest, settings: CurlTransfer.Settings, handles: CurlHandlePool, monitor: TransferMonitor
    ) -> Result<HTTPResponse, TransportError> {
        guard CurlGlobal.isInitialized else {
            return .failure(.other(code: Int(CURLE_FAILED_INIT.rawValue), message: "curl_global_init failed"))
        }
        guard !monitor.cancellation.isCancelled else { return .failure(.cancelled) }
        guard let handle = handles.checkOut() else {
            return .failure(.other(code: Int(CURLE_OUT_OF_MEMORY.rawValue), message: "curl_easy_init failed"))
        }
        defer { handles.checkIn(handle) }
        return CurlTransfer(handle: handle, request: request, settings: settings, monitor: monitor).run()
    }
}
