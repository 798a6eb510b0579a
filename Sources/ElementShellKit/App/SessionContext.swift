import MatrixClient

/// A signed-in session's parts, as `send` found them when it checked a command's needs: its
/// handler takes them from here instead of unwrapping `AppState`'s optionals.
struct SessionContext: Sendable {
    let session: Session
    let services: SessionServices
    let store: StoreWriter
}
