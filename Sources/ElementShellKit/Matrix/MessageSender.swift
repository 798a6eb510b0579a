import Foundation
import Logging

/// Sends a message for one session; the transaction ID comes from the outbox.
public struct MessageSender: Sendable {
    private let client: MatrixClient

    public init(session: Session, transport: any HTTPTransport, requestTimeout: TimeInterval = 30,
                logger: Logger = Logger(label: "element-shell.send")) {
        client = MatrixClient(homeserverURL: session.homeserverURL, accessToken: session.accessToken, transport: transport,
                              requestTimeout: requestTimeout, logger: logger)
    }

    /// The new event's ID.
    public func send(_ entry: OutboxEntry) async throws(MatrixError) -> String {
        try await client.send(.send(entry)).eventID
    }
}
