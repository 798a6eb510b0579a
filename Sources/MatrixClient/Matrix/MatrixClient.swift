import Foundation
import Logging
import MatrixJSON

/// Sends `MatrixEndpoint`s to one homeserver over an `HTTPTransport`: builds the request
/// (JSON body, `Authorization: Bearer`), decodes the answer, maps failures to `MatrixError`
/// and retries rate-limited calls under a `RetryPolicy`.
struct MatrixClient: Sendable, CustomStringConvertible {
    let homeserverURL: URL
    private let accessToken: String?
    private let transport: any HTTPTransport
    private let retryPolicy: RetryPolicy
    private let requestTimeout: TimeInterval
    private let clock: any ShellClock
    private let logger: Logger

    init(
        homeserverURL: URL,
        accessToken: String? = nil,
        transport: any HTTPTransport,
        retryPolicy: RetryPolicy = .standard,
        requestTimeout: TimeInterval = 30,
        clock: any ShellClock = SystemClock(),
        logger: Logger = Logger(label: "element-shell.matrix")
    ) {
        self.homeserverURL = homeserverURL
        self.accessToken = accessToken
        self.transport = transport
        self.retryPolicy = retryPolicy
        self.requestTimeout = requestTimeout
        self.clock = clock
        self.logger = logger
    }

    var description: String { "MatrixClient(\(homeserverURL.redactedForDiagnostics))" }

    func send<Response: Decodable>(_ endpoint: MatrixEndpoint<Response>) async throws(MatrixError) -> Response {
        try Self.decode(Response.self, from: try await successBody(endpoint))
    }

    func send<Response: JSONReadable>(_ endpoint: MatrixEndpoint<Response>) async throws(MatrixError) -> Response {
        try Response(json: try await successBody(endpoint))
    }

    /// A type that reads both ways (`JSONValue`) takes the reader, as sync does: it is faster.
    func send<Response: JSONReadable & Decodable>(_ endpoint: MatrixEndpoint<Response>) async throws(MatrixError) -> Response {
        try Response(json: try await successBody(endpoint))
    }

    /// What the server may not have: `nil` for its 404.
    func sendIfPresent(_ endpoint: MatrixEndpoint<JSONValue>) async throws(MatrixError) -> JSONValue? {
        do throws(MatrixError) {
            return try await send(endpoint)
        } catch .notFound {
            return nil
        }
    }

    /// The error an unsuccessful answer stands for, a `Retry-After` date read on the clock.
    func error(in response: HTTPResponse) -> MatrixError {
        MatrixError(response: response, now: clock.date)
    }

    /// The body of a successful answer; other answers become the error they stand for.
    /// `progress` hears how far the transfer has gone (media).
    func successBody<Response>(_ endpoint: MatrixEndpoint<Response>, progress: TransferProgressHandler? = nil) async throws(MatrixError) -> Data {
        let response = try await exchange(endpoint, progress: progress)
        guard response.isSuccess else { throw error(in: response) }
        return response.body
    }

    /// The endpoint's final answer, whatever its status, once rate limiting has been waited
    /// out: for callers that must judge the status themselves, as server discovery does.
    /// Throws only for transport failures and unbuildable requests.
    func exchange<Response>(_ endpoint: MatrixEndpoint<Response>, progress: TransferProgressHandler? = nil) async throws(MatrixError) -> HTTPResponse {
        let request = try request(for: endpoint)
        var attempt = 1
        var waited = Duration.zero
        while true {
            let response: HTTPResponse
            do {
                response = try await transport.send(request, progress: progress)
            } catch {
                logger.debug("\(request.method.rawValue) \(endpoint.loggedPath) failed: \(error)")
                throw .transport(error)
            }
            logger.debug("\(request.method.rawValue) \(endpoint.loggedPath) → \(response.status)")
            guard !response.isSuccess,
                  let delay = retryPolicy.delay(after: error(in: response), attempt: attempt, alreadyWaited: waited)
            else { return response }
            do {
                try await clock.sleep(for: delay)
            } catch {
                throw .transport(.cancelled)
            }
            waited += delay
            attempt += 1
        }
    }

    func request<Response>(for endpoint: MatrixEndpoint<Response>) throws(MatrixError) -> HTTPRequest {
        guard var components = URLComponents(url: homeserverURL, resolvingAgainstBaseURL: false) else {
            throw .invalidHomeserver(homeserverURL.redactedForDiagnostics)
        }
        let basePath = components.percentEncodedPath.hasSuffix("/")
            ? String(components.percentEncodedPath.dropLast()) : components.percentEncodedPath
        components.percentEncodedPath = basePath + endpoint.path.map { "/" + Self.encodeSegment($0) }.joined()
        components.queryItems = endpoint.query.isEmpty ? nil : endpoint.query
        guard let url = components.url else { throw .invalidHomeserver(homeserverURL.redactedForDiagnostics) }

        var headers = ["Accept": "application/json"]
        if endpoint.isAuthenticated, let accessToken {
            headers["Authorization"] = "Bearer \(accessToken)"
        }
        var body: Data?
        if let payload = endpoint.body {
            headers["Content-Type"] = "application/json"
            do {
                // Keys in a fixed order: Synapse 1.163 reads a sliding sync request's lists in
                // the order they come, and gives every room the timeline of the list met first.
                let encoder = JSONEncoder()
                encoder.outputFormatting = .sortedKeys
                body = try encoder.encode(payload)
            } catch {
                // Only reachable through a programming error (e.g. a non-finite Double);
                // the message names the type, never the content.
                throw .decoding("cannot encode \(type(of: payload))")
            }
        } else if let raw = endpoint.rawBody {
            headers["Content-Type"] = raw.contentType
            body = raw.data
        }
        return HTTPRequest(method: endpoint.method, url: url, headers: headers, body: body,
                           timeout: endpoint.timeout ?? requestTimeout, followsRedirects: endpoint.followsRedirects,
                           maximumResponseBytes: endpoint.maximumResponseBytes)
    }

    static func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws(MatrixError) -> Value {
        do {
            return try JSONDecoder().decode(type, from: data.mendingUnicode())
        } catch let error as DecodingError {
            throw .decoding("\(Value.self): \(error.summary)")
        } catch {
            throw .decoding("\(Value.self): \(error)")
        }
    }

    private static let segmentAllowed: CharacterSet = {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/;?#%")
        return allowed
    }()

    private static func encodeSegment(_ segment: String) -> String {
        segment.addingPercentEncoding(withAllowedCharacters: segmentAllowed) ?? segment
    }
}

private extension MatrixEndpoint {
    /// The path as logged: the endpoint's shape, never its query (which may carry tokens).
    var loggedPath: String { "/" + path.joined(separator: "/") }
}

private extension DecodingError {
    /// Where decoding failed and why, without the offending values.
    var summary: String {
        let context: Context
        switch self {
        case .typeMismatch(_, let found), .valueNotFound(_, let found), .keyNotFound(_, let found), .dataCorrupted(let found):
            context = found
        @unknown default:
            return "invalid JSON"
        }
        let path = context.codingPath.map(\.stringValue).joined(separator: ".")
        if case .keyNotFound(let key, _) = self {
            return "missing key \(path.isEmpty ? key.stringValue : path + "." + key.stringValue)"
        }
        return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
    }
}
