import CCurl
import Foundation

/// HTTP on libcurl. TLS peer and host verification are always on. Transfers run on one
/// `CurlMultiLoop`, whose thread drives them all and keeps their connections alive between
/// requests; easy handles are pooled so each request need not build one. Cancelling the calling
/// task takes its transfer off at once; so does the request's timeout, which runs on the app's
/// clock like every other timer (libcurl keeps only the connection phase's limit).
public final class CurlTransport: HTTPTransport {
    private let settings: CurlTransfer.Settings
    private let handles: CurlHandlePool
    private let loop: CurlMultiLoop?
    private let clock: any ShellClock

    /// - Parameters:
    ///   - caFile: a PEM bundle to trust instead of the system's, e.g. for a private CA.
    ///   - maxIdleHandles: easy handles kept between requests (connections live in the loop).
    ///   - clock: what request timeouts are measured on.
    init(caFile: String? = nil, userAgent: String, maxIdleHandles: Int = 4, clock: any ShellClock = SystemClock()) {
        settings = CurlTransfer.Settings(caFile: caFile, userAgent: userAgent)
        handles = CurlHandlePool(capacity: maxIdleHandles)
        loop = CurlMultiLoop()
        self.clock = clock
    }

    deinit {
        loop?.close()
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
        guard let loop else { throw .other(code: Int(CURLE_FAILED_INIT.rawValue), message: "curl_multi_init failed") }
        guard let handle = handles.checkOut() else {
            throw .other(code: Int(CURLE_OUT_OF_MEMORY.rawValue), message: "curl_easy_init failed")
        }
        let cancellation = CancellationFlag(), timedOut = CancellationFlag()
        let monitor = TransferMonitor(cancellation: cancellation, isUpload: request.body?.isEmpty == false, progress: progress)
        let deadline = clock.now + .seconds(request.timeout)
        let timer = Task { [clock] in
            guard (try? await clock.sleep(until: deadline)) != nil else { return }
            timedOut.cancel()
            cancellation.cancel()
            loop.wake()
        }
        defer { timer.cancel() }
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                loop.start(CurlTransfer(handle: handle, request: request, settings: settings, monitor: monitor) { [handles] result in
                    handles.checkIn(handle)
                    continuation.resume(returning: result)
                })
            }
        } onCancel: {
            cancellation.cancel()
            loop.wake()
        }
        if timedOut.isCancelled, case .failure(.cancelled) = result { throw .timedOut }
        return try result.get()
    }
}
