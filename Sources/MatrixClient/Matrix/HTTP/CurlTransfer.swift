import CCurl
import Foundation

/// One request on one easy handle: sets its options, collects the response as libcurl writes
/// it, and tells whoever waits once the transfer ends. Runs on its `CurlMultiLoop`'s thread; it
/// owns what libcurl points at (the sink, the monitor, the error buffer, the header list), and the
/// loop keeps it until the transfer is done.
final class CurlTransfer: @unchecked Sendable {
    struct Settings: Sendable {
        var caFile: String?
        var userAgent: String
    }

    private static let maxRedirects = 5

    let handle: CurlEasyHandle
    private let request: HTTPRequest
    private let settings: Settings
    private let monitor: TransferMonitor
    private let sink: CurlResponseSink
    private let errorBuffer: UnsafeMutablePointer<CChar>
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private let completion: @Sendable (Result<HTTPResponse, TransportError>) -> Void

    init(handle: CurlEasyHandle, request: HTTPRequest, settings: Settings, monitor: TransferMonitor,
         completion: @escaping @Sendable (Result<HTTPResponse, TransportError>) -> Void) {
        self.handle = handle
        self.request = request
        self.settings = settings
        self.monitor = monitor
        self.completion = completion
        sink = CurlResponseSink(maximumBodyBytes: request.maximumResponseBytes)
        errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
    }

    deinit {
        curl_slist_free_all(headerList)
        errorBuffer.deallocate()
    }

    var isCancelled: Bool { monitor.cancellation.isCancelled }

    /// Tells whoever waits how it ended; the loop calls it once.
    func complete(_ result: Result<HTTPResponse, TransportError>) {
        completion(result)
    }

    /// The transfer ended with `code`: the response, or why there is none.
    func finish(_ code: CURLcode) {
        complete(Result { () throws(TransportError) -> HTTPResponse in
            guard code == CURLE_OK else {
                if sink.exceededLimit { throw .responseTooLarge }
                if code == CURLE_ABORTED_BY_CALLBACK, isCancelled { throw .cancelled }
                let detail = errorBuffer.pointee == 0 ? String(cString: curl_easy_strerror(code)) : String(cString: errorBuffer)
                throw TransportError(curlCode: code, url: request.url, message: detail)
            }
            var status = 0
            try check(es_curl_get_long(handle.raw, CURLINFO_RESPONSE_CODE, &status))
            return HTTPResponse(status: status, headers: sink.headers, body: sink.body)
        })
    }

    /// Applies every option for this request.
    func configure() throws(TransportError) {
        let raw = handle.raw
        try check(es_curl_set_pointer(raw, CURLOPT_ERRORBUFFER, errorBuffer))
        try check(es_curl_set_string(raw, CURLOPT_URL, request.url.absoluteString))
        try check(es_curl_set_string(raw, CURLOPT_PROTOCOLS_STR, "http,https"))
        try check(es_curl_set_long(raw, CURLOPT_NOSIGNAL, 1))
        try check(es_curl_set_long(raw, CURLOPT_SSL_VERIFYPEER, 1))
        try check(es_curl_set_long(raw, CURLOPT_SSL_VERIFYHOST, 2))
        if let caFile = settings.caFile {
            try check(es_curl_set_string(raw, CURLOPT_CAINFO, caFile))
        }
        try check(es_curl_set_string(raw, CURLOPT_USERAGENT, settings.userAgent))
        // HTTP/2 over TLS where the server offers it (one connection carries many requests), 1.1 otherwise.
        try check(es_curl_set_long(raw, CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_2TLS)))
        // An empty string asks for every encoding this libcurl can decode (gzip for large syncs).
        try check(es_curl_set_string(raw, CURLOPT_ACCEPT_ENCODING, ""))
        try check(es_curl_set_long(raw, CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(min(request.connectTimeout, request.timeout))))
        if request.followsRedirects {
            try check(es_curl_set_long(raw, CURLOPT_FOLLOWLOCATION, 1))
            try check(es_curl_set_long(raw, CURLOPT_MAXREDIRS, Self.maxRedirects))
            // Never downgrade from https on a redirect.
            let redirectProtocols = request.url.scheme?.lowercased() == "https" ? "https" : "http,https"
            try check(es_curl_set_string(raw, CURLOPT_REDIR_PROTOCOLS_STR, redirectProtocols))
        }
        try configureMethodAndBody()
        try configureCallbacks()
        headerList = try makeHeaderList()
        try check(es_curl_set_slist(raw, CURLOPT_HTTPHEADER, headerList))
    }

    private func configureMethodAndBody() throws(TransportError) {
        let raw = handle.raw
        guard request.method != .get else {
            try check(es_curl_set_long(raw, CURLOPT_HTTPGET, 1))
            return
        }
        // COPYPOSTFIELDS copies the bytes at once, so the body need not outlive this call; an
        // empty body still sends `Content-Length: 0`.
        let body = request.body ?? Data()
        try check(es_curl_set_off(raw, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count)))
        if body.isEmpty {
            try check(es_curl_set_string(raw, CURLOPT_COPYPOSTFIELDS, ""))
        } else {
            try check(body.withUnsafeBytes { bytes in
                es_curl_set_pointer(raw, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: bytes.baseAddress))
            })
        }
        try check(es_curl_set_string(raw, CURLOPT_CUSTOMREQUEST, request.method.rawValue))
    }

    private func configureCallbacks() throws(TransportError) {
        let raw = handle.raw
        let sinkPointer = Unmanaged.passUnretained(sink).toOpaque()
        try check(es_curl_set_pointer(raw, CURLOPT_WRITEDATA, sinkPointer))
        try check(es_curl_set_write_function(raw) { data, size, count, context in
            guard let context else { return 0 }
            let length = size * count
            // Taking fewer bytes than offered makes libcurl abort the transfer.
            let taken = Unmanaged<CurlResponseSink>.fromOpaque(context).takeUnretainedValue()
                .appendBody(UnsafeRawBufferPointer(start: data, count: length))
            return taken ? length : 0
        })
        try check(es_curl_set_pointer(raw, CURLOPT_HEADERDATA, sinkPointer))
        try check(es_curl_set_header_function(raw) { data, size, count, context in
            guard let context else { return 0 }
            let length = size * count
            Unmanaged<CurlResponseSink>.fromOpaque(context).takeUnretainedValue()
                .appendHeaderLine(UnsafeRawBufferPointer(start: data, count: length))
            return length
        })
        try check(es_curl_set_pointer(raw, CURLOPT_XFERINFODATA, Unmanaged.passUnretained(monitor).toOpaque()))
        try check(es_curl_set_progress_function(raw) { context, downloadTotal, downloaded, uploadTotal, uploaded in
            guard let context else { return 0 }
            let goesOn = Unmanaged<TransferMonitor>.fromOpaque(context).takeUnretainedValue()
                .update(downloadTotal: Int64(downloadTotal), downloaded: Int64(downloaded), uploadTotal: Int64(uploadTotal), uploaded: Int64(uploaded))
            return goesOn ? 0 : 1
        })
        try check(es_curl_set_long(raw, CURLOPT_NOPROGRESS, 0))
    }

    private func makeHeaderList() throws(TransportError) -> UnsafeMutablePointer<curl_slist>? {
        var lines = request.headers.map { "\($0.key): \($0.value)" }
        if request.method != .get {
            // An empty Expect header stops libcurl waiting for `100 Continue` before large bodies.
            lines.append("Expect:")
        }
        var list: UnsafeMutablePointer<curl_slist>?
        for line in lines {
            guard let extended = curl_slist_append(list, line) else {
                curl_slist_free_all(list)
                throw .other(code: Int(CURLE_OUT_OF_MEMORY.rawValue), message: "curl_slist_append failed")
            }
            list = extended
        }
        return list
    }

    private func check(_ code: CURLcode) throws(TransportError) {
        guard code == CURLE_OK else {
            throw TransportError(curlCode: code, url: request.url, message: String(cString: curl_easy_strerror(code)))
        }
    }

    private static func milliseconds(_ seconds: TimeInterval) -> Int {
        // libcurl reads 0 as "no limit", so the shortest limit is 1 ms.
        let clamped = min(max(seconds * 1000, 1), Double(Int32.max))
        return Int(clamped.rounded())
    }
}
