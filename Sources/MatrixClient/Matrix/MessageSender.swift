import Foundation
import Logging
import MatrixJSON

/// Sends a message for one session; the transaction ID comes from the outbox. In an encrypted
/// room the message is encrypted now, at send time, so one queued before a restart (or before
/// the room key changed) goes out with the keys of the moment it leaves.
public struct MessageSender: Sendable {
    private let client: MatrixClient
    private let store: StoreWriter?
    private let crypto: CryptoMachine?

    /// Without a store, messages go out as they are (tests of rooms in the clear). With one but
    /// without `crypto`, messages for encrypted rooms are refused, never sent in the clear.
    init(session: Session, transport: any HTTPTransport, requestTimeout: TimeInterval = 30, store: StoreWriter? = nil,
                crypto: CryptoMachine? = nil, clock: any ShellClock = SystemClock(), logger: Logger = Logger(label: "element-shell.send")) {
        client = MatrixClient(homeserverURL: session.homeserverURL, accessToken: session.accessToken, transport: transport,
                              requestTimeout: requestTimeout, clock: clock, logger: logger)
        self.store = store
        self.crypto = crypto
    }

    /// The new event's ID.
    public func send(_ entry: OutboxEntry) async throws(MatrixError) -> String {
        // Redactions always go in the clear: the server must read them.
        if case .redaction = entry.relation { return try await client.send(.send(entry)).eventID }
        let encrypted = try await encryptedContent(OutgoingContent.content(for: entry), type: entry.eventType, roomID: entry.roomID,
                                                   checkingIdentities: true)
        return try await client.send(.send(entry, encrypted: encrypted)).eventID
    }

    /// Sends an event that is not in the outbox (a verification step), encrypted as a message
    /// would be, also where a changed identity holds messages; returns its ID.
    public func sendEvent(type: String, content: JSONValue, roomID: String, transactionID: String) async throws(MatrixError) -> String {
        let encrypted = try await encryptedContent(content, type: type, roomID: roomID, checkingIdentities: false)
        return try await client.send(.sendEvent(type: encrypted == nil ? type : MessageRecord.encryptedType, content: encrypted ?? content,
                                                roomID: roomID, transactionID: transactionID)).eventID
    }

    /// The content encrypted when its room is encrypted; `nil` when it goes in the clear.
    private func encryptedContent(_ content: JSONValue, type: String, roomID: String,
                                  checkingIdentities: Bool) async throws(MatrixError) -> JSONValue? {
        guard let store else { return nil }
        // Unknown is not "unencrypted": a room just created encrypted arrives with its next sync.
        guard let room = try? await store.room(roomID) else { throw .encryptionRefused(.roomNotSynced) }
        var settings = room.encryption
        // A room joined but not synced yet (a script that joins, then posts in its next run)
        // has no state here: the server says whether it is encrypted.
        if settings == nil, room.isAwaitingFirstSync { settings = try await encryptionOnServer(of: roomID, store: store) }
        guard let settings else { return nil }
        guard let crypto else { throw .encryptionRefused(.unavailable) }
        return try await crypto.encrypt(type: type, content: content, roomID: roomID, settings: settings,
                                        checkingIdentities: checkingIdentities)
    }

    /// The room's `m.room.encryption` on the server, kept in the store so later sends know it.
    private func encryptionOnServer(of roomID: String, store: StoreWriter) async throws(MatrixError) -> RoomEncryption? {
        guard let content = try await client.sendIfPresent(.state(RoomEncryption.eventType, of: roomID)),
              let settings = RoomEncryption(content: content) else { return nil }
        try? await store.setRoomEncryption(settings, of: roomID)
        return settings
    }
}
