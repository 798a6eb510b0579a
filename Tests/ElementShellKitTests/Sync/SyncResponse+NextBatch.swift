import ElementShellKit
import MatrixClient

extension SyncResponse {
    /// The `/v3` token of a `/v3` response; `nil` for a sliding sync one.
    var nextBatch: String? {
        if case .nextBatch(let token) = position { token } else { nil }
    }
}
