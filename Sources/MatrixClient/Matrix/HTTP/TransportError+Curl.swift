import CCurl
import Foundation

extension TransportError {
    private static let tlsCodes: Set<CURLcode> = [
        CURLE_SSL_CONNECT_ERROR, CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_ENGINE_SETFAILED,
        CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER, CURLE_USE_SSL_FAILED,
        CURLE_SSL_ENGINE_INITFAILED, CURLE_SSL_SHUTDOWN_FAILED,
        CURLE_SSL_CRL_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
        CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CLIENTCERT,
    ]

    /// Maps libcurl's result for a transfer to `url`. `message` is libcurl's error text, which
    /// names hosts but never headers or bodies.
    init(curlCode: CURLcode, url: URL, message: String) {
        switch curlCode {
        case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT:
            self = .invalidURL(url.redactedForDiagnostics)
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            self = .cannotResolveHost(url.host ?? "")
        case CURLE_COULDNT_CONNECT:
            self = .cannotConnect(url.hostAndPort)
        case CURLE_OPERATION_TIMEDOUT:
            self = .timedOut
        case CURLE_ABORTED_BY_CALLBACK:
            // Only our progress callback aborts, and only on cancellation.
            self = .cancelled
        case CURLE_PEER_FAILED_VERIFICATION:
            self = .untrustedCertificate(message)
        case CURLE_SSL_CACERT_BADFILE:
            self = .unusableCAFile(message)
        case _ where Self.tlsCodes.contains(curlCode):
            self = .tls(message)
        default:
            self = .other(code: Int(curlCode.rawValue), message: message)
        }
    }
}
