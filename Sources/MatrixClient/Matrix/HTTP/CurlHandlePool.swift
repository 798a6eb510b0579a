import CCurl
import Synchronization

/// A libcurl easy handle. Not thread-safe in itself: the pool hands each one to a single
/// transfer at a time, which is what makes sending it between threads sound.
struct CurlEasyHandle: @unchecked Sendable {
    let raw: UnsafeMutableRawPointer
}

/// Keeps a few idle easy handles, so a request need not build one. Connections live in the
/// transport's `CurlMultiLoop`, not in the handles.
final class CurlHandlePool: Sendable {
    private let idle = Mutex<[CurlEasyHandle]>([])
    private let capacity: Int

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    deinit {
        idle.withLock { handles in
            handles.forEach { curl_easy_cleanup($0.raw) }
            handles.removeAll()
        }
    }

    var idleCount: Int { idle.withLock { $0.count } }

    /// An idle handle, or a new one when all are busy; `nil` only if libcurl cannot allocate.
    func checkOut() -> CurlEasyHandle? {
        if let handle = idle.withLock({ $0.popLast() }) { return handle }
        return curl_easy_init().map(CurlEasyHandle.init(raw:))
    }

    /// Returns a handle after its transfer. Options are reset (they point at per-transfer
    /// buffers); handles beyond the capacity are closed.
    func checkIn(_ handle: CurlEasyHandle) {
        curl_easy_reset(handle.raw)
        let kept = idle.withLock { handles in
            guard handles.count < capacity else { return false }
            handles.append(handle)
            return true
        }
        if !kept { curl_easy_cleanup(handle.raw) }
    }
}
