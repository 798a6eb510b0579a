import CCurl

/// libcurl's process-wide state. Swift initialises a global `let` exactly once, on first use,
/// under a lock, which is the guarantee `curl_global_init` needs.
enum CurlGlobal {
    private static let initResult: CURLcode = curl_global_init(Int(CURL_GLOBAL_DEFAULT))

    static var isInitialized: Bool { initResult == CURLE_OK }
}
