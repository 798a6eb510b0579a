import Foundation
import MatrixJSON

/// Where verification messages go: to devices (between one user's devices, or to one device of
/// another user), or into a direct chat. Behind a protocol so unit tests connect two centers
/// through memory.
public protocol VerificationTransport: Sendable {
    /// `messages`: user ID → device ID (or `*`) → content. Sent in the clear, as Element does.
    func sendToDevice(type: String, messages: [String: [String: JSONValue]]) async throws(MatrixError)
    /// An event in the room, encrypted when the room is; returns its event ID.
    func sendInRoom(_ roomID: String, type: String, content: JSONValue) async throws(MatrixError) -> String
}

/// `VerificationTransport` on the client-server API: `/sendToDevice` and the room send of messages.
public struct MatrixVerificationTransport: VerificationTransport {
    let keys: any KeysService
    let sender: MessageSender

    init(keys: any KeysService, sender: MessageSender) {
        self.keys = keys
        self.sender = sender
    }

    public func sendToDevice(type: String, messages: [String: [String: JSONValue]]) async throws(MatrixError) {
        try await keys.sendToDevice(type: type, transactionID: UUID().uuidString, messages: messages)
    }

    public func sendInRoom(_ roomID: String, type: String, content: JSONValue) async throws(MatrixError) -> String {
        try await sender.sendEvent(type: type, content: content, roomID: roomID, transactionID: UUID().uuidString)
    }
}
