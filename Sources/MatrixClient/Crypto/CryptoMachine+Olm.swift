import Foundation
import MatrixCrypto
import MatrixJSON

/// Why a to-device message over Olm was refused; logged by case, never with content.
enum OlmReceiveFailure: Error {
    case notForThisDevice, malformed, undecryptable, wrongRecipient, senderMismatch
}

extension CryptoMachine {
    /// Decrypts an `m.room.encrypted` to-device event sent over Olm to this device and checks
    /// that its plaintext names the sender, this user and this device's key, as the spec asks.
    /// Returns the plaintext event and the sender's identity key.
    func decryptToDevice(_ event: SyncEvent) async throws(OlmReceiveFailure) -> (plaintext: JSONValue, senderKey: String) {
        let content = event.content
        guard content["algorithm"]?.string == CryptoAlgorithm.olm, let senderKeyText = content["sender_key"]?.string,
              let senderKey = try? Curve25519PublicKey(base64: senderKeyText) else { throw .malformed }
        guard let ours = content["ciphertext"]?[account.curve25519Key.base64] else { throw .notForThisDevice }
        guard let type = ours["type"]?.int, let body = ours["body"]?.string,
              let message = try? OlmMessage(type: type, base64Body: body) else { throw .malformed }
        let bytes = try await decrypt(message, from: senderKey)
        guard let plaintext = try? JSONValue(json: bytes) else { throw .malformed }
        guard plaintext["sender"]?.string == event.sender else { throw .senderMismatch }
        guard plaintext["recipient"]?.string == userID,
              plaintext["recipient_keys"]?["ed25519"]?.string == account.ed25519Key.base64 else { throw .wrongRecipient }
        // A device we know must be the one whose signing key the message claims.
        if let known = try? await store.device(curve25519: senderKeyText),
           known.userID != event.sender || plaintext["keys"]?["ed25519"]?.string != known.ed25519 {
            throw .senderMismatch
        }
        return (plaintext, senderKeyText)
    }

    /// Tries the sessions with the sender, newest first; a pre-key message no session takes
    /// starts a new one with the one-time key it names.
    private func decrypt(_ message: OlmMessage, from senderKey: Curve25519PublicKey) async throws(OlmReceiveFailure) -> Data {
        var sessions = await sessions(with: senderKey.base64)
        for index in sessions.indices {
            if case .preKey(let bytes) = message, !sessions[index].matches(preKeyMessage: bytes, senderKey: senderKey) { continue }
            if let plaintext = try? sessions[index].decrypt(message) {
                await remember(sessions[index], with: senderKey.base64)
                return plaintext
            }
            // A pre-key message of this session that does not decrypt is not for a new session either.
            if case .preKey = message { throw .undecryptable }
        }
        guard case .preKey(let bytes) = message,
              let (session, plaintext) = try? account.createInboundSession(senderKey: senderKey, preKeyMessage: bytes)
        else { throw .undecryptable }
        // The one-time key is used up: the account without it is saved before anything else.
        try? await saveAccount()
        await remember(session, with: senderKey.base64)
        logger.debug("new Olm session", metadata: ["sender_key": "\(senderKey)", "session": "\(session.sessionID)"])
        return plaintext
    }

    /// The Olm sessions with a device, from the cache or the store.
    func sessions(with senderKey: String) async -> [OlmSession] {
        if let cached = olmSessions[senderKey] { return cached }
        let stored = ((try? await store.olmSessions(senderKey: senderKey)) ?? []).compactMap { sealed in
            try? OlmSession(serialized: cipher.open(sealed))
        }
        olmSessions[senderKey] = stored
        return stored
    }

    /// Keeps a session as the most recently used one with that device, in the cache and the store.
    func remember(_ session: OlmSession, with senderKey: String) async {
        var sessions = olmSessions[senderKey] ?? []
        sessions.removeAll { $0.sessionID == session.sessionID }
        sessions.insert(session, at: 0)
        olmSessions[senderKey] = sessions
        guard let state = try? session.serialized() else { return }
        try? await store.saveOlmSession(sessionID: session.sessionID, senderKey: senderKey, state: cipher.seal(state), lastUsed: milliseconds)
    }

    /// Sends one to-device event to one device over Olm, starting a session with it if needed.
    func sendEncrypted(type: String, content: JSONValue, to device: DeviceRecord) async throws(MatrixError) {
        guard try await !sendOverOlm(type: type, content: content, to: [device]).isEmpty else { throw .encryptionRefused(.unavailable) }
    }

    /// Sends one to-device event to each device over Olm in one request, starting sessions where
    /// needed; returns the devices it went to (one without a one-time key to claim is left out).
    func sendOverOlm(type: String, content: JSONValue, to devices: [DeviceRecord]) async throws(MatrixError) -> Set<DeviceAddress> {
        try await establishSessions(with: devices)
        var messages: [String: [String: JSONValue]] = [:]
        var sent: Set<DeviceAddress> = []
        for device in devices {
            guard var session = olmSessions[device.curve25519]?.first,
                  let encrypted = olmContent(type: type, content: content, for: device, session: &session) else { continue }
            await remember(session, with: device.curve25519)
            messages[device.userID, default: [:]][device.deviceID] = encrypted
            sent.insert(DeviceAddress(userID: device.userID, deviceID: device.deviceID))
        }
        guard !sent.isEmpty else { return [] }
        try await keys.sendToDevice(type: MessageRecord.encryptedType, transactionID: UUID().uuidString, messages: messages)
        return sent
    }

    /// This device's signed keys, signed once a run.
    func ownDeviceKeys() -> JSONValue {
        if let signedDeviceKeys { return signedDeviceKeys }
        let keys = deviceKeys
        signedDeviceKeys = keys
        return keys
    }

    /// Encrypts a to-device event for one device over Olm, with the fields its receiver checks.
    func olmContent(type: String, content: JSONValue, for device: DeviceRecord, session: inout OlmSession)
        -> JSONValue?
    {
        let plaintext: JSONValue = [
            "type": .string(type),
            "content": content,
            "sender": .string(userID),
            "sender_device": .string(deviceID),
            "keys": ["ed25519": .string(account.ed25519Key.base64)],
            "recipient": .string(device.userID),
            "recipient_keys": ["ed25519": .string(device.ed25519)],
            // MSC4147, which room key bundles need: the receiver learns this device even before
            // the server lists it.
            "sender_device_keys": ownDeviceKeys(),
        ]
        guard let bytes = try? plaintext.canonicalEncoding() else { return nil }
        let message = session.encrypt(bytes)
        return [
            "algorithm": .string(CryptoAlgorithm.olm),
            "sender_key": .string(account.curve25519Key.base64),
            "ciphertext": .object([device.curve25519: ["type": .integer(Int64(message.type)), "body": .string(message.base64Body)]]),
        ]
    }
}
