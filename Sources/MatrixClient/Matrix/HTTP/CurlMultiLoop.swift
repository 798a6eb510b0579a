import CCurl
import Foundation
import Synchronization

/// One libcurl multi handle and the thread that drives it. Every transfer of a `CurlTransport`
/// runs here, so all of them share one connection cache (an idle connection serves whichever
/// request comes next, and an HTTP/2 one carries several at once), and a cancelled transfer is
/// taken off at once instead of at libcurl's next progress call, up to a second later. Only this
/// thread touches the multi handle and the transfers in it; other threads hand transfers over
/// under a lock and wake it.
final class CurlMultiLoop: Sendable {
    private struct Inbox {
        var arriving: [CurlTransfer] = []
        var isClosed = false
    }

    private let multi: CurlMultiHandle
    private let inbox = Mutex(Inbox())

    init?() {
        guard CurlGlobal.isInitialized, let raw = curl_multi_init() else { return nil }
        multi = CurlMultiHandle(raw: raw)
        // A thread of its own: waiting in poll() must not hold one of Swift's few pool threads.
        let thread = Thread { [self] in drive() }
        thread.name = "element-shell.curl"
        thread.start()
    }

    /// Starts `transfer`; it completes on this loop's thread.
    func start(_ transfer: CurlTransfer) {
        let accepted = inbox.withLock { inbox in
            guard !inbox.isClosed else { return false }
            inbox.arriving.append(transfer)
            return true
        }
        guard accepted else { return transfer.complete(.failure(.cancelled)) }
        curl_multi_wakeup(multi.raw)
    }

    /// Has the loop look at its transfers' cancellation flags now.
    func wake() {
        curl_multi_wakeup(multi.raw)
    }

    /// Ends the loop once its owner is gone; transfers still running end as cancelled.
    func close() {
        inbox.withLock { $0.isClosed = true }
        curl_multi_wakeup(multi.raw)
    }

    private func drive() {
        var running: [UnsafeMutableRawPointer: CurlTransfer] = [:]
        while true {
            let (arriving, isClosed) = inbox.withLock { inbox in
                defer { inbox.arriving = [] }
                return (inbox.arriving, inbox.isClosed)
            }
            for transfer in arriving {
                do {
                    try transfer.configure()
                    try add(transfer)
                    running[transfer.handle.raw] = transfer
                } catch {
                    transfer.complete(.failure(error))
                }
            }
            for (raw, transfer) in running where isClosed || transfer.isCancelled {
                curl_multi_remove_handle(multi.raw, raw)
                running[raw] = nil
                transfer.complete(.failure(.cancelled))
            }
            if isClosed { break }
            var stillRunning: Int32 = 0
            curl_multi_perform(multi.raw, &stillRunning)
            var queued: Int32 = 0
            while let message = curl_multi_info_read(multi.raw, &queued) {
                guard message.pointee.msg == CURLMSG_DONE, let raw = message.pointee.easy_handle else { continue }
                let code = message.pointee.data.result
                curl_multi_remove_handle(multi.raw, raw)
                running.removeValue(forKey: raw)?.finish(code)
            }
            // Wakes for network activity, libcurl's own timers (timeouts), or a wake-up call.
            curl_multi_poll(multi.raw, nil, 0, 1000, nil)
        }
        curl_multi_cleanup(multi.raw)
    }

    private func add(_ transfer: CurlTransfer) throws(TransportError) {
        guard !transfer.isCancelled else { throw .cancelled }
        let code = curl_multi_add_handle(multi.raw, transfer.handle.raw)
        guard code == CURLM_OK else {
            throw .other(code: Int(code.rawValue), message: String(cString: curl_multi_strerror(code)))
        }
    }
}

/// A libcurl multi handle: used by its loop's thread only, except to wake it, which is thread-safe.
struct CurlMultiHandle: @unchecked Sendable {
    let raw: UnsafeMutableRawPointer
}
