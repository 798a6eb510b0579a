/// What the session's services report to whoever runs them, a closed set. Each arrives after
/// what it describes is committed to the store.
public enum ClientEvent: Sendable, Equatable {
    /// A sync response was stored: these rooms now stand as given, these messages are new.
    case synced(SyncResult)
    /// The server has this message from the outbox, as the event `eventID`; sync brings it back later.
    case messageSent(OutboxEntry, eventID: String)
    /// Sending failed; the queue tries again after `retryIn`, or, for `nil`, gives this message up.
    case sendFailed(transactionID: String, roomID: String, MatrixError, retryIn: Duration?)
    /// Keys that came (by sync, forward or import) made stored messages readable; they stand
    /// rewritten in the store.
    case decrypted(SyncResult)
    /// These users now show another master key than the one verified or accepted here.
    case identitiesChanged([IdentityChange])
    /// A message went to a room where these users changed identity without being verified here
    /// and the change was not accepted: said once a run, at the first send after the change.
    case sentDespiteIdentityReset(roomID: String, userIDs: [String])
    /// Room key bundles shared with this device on an invite it accepted were imported, or not
    /// yet (and why); the messages they make readable follow as `decrypted`.
    case historyShared([HistoryImport])
    /// A key verification moved on (a request came, the emoji are there, it ended).
    case verificationChanged(VerificationSummary)
    /// Another own device shared secrets this device asked for; the backup they open is restored.
    case secretsArrived(SecretsArrival)
    /// A sync request failed; the next try comes after `retryIn`.
    case syncFailed(MatrixError, retryIn: Duration)
    /// The homeserver no longer takes the session's access token.
    case sessionEnded(Session.SignOut)
}
