import Foundation
import MatrixCrypto
import MatrixJSON

extension CryptoMachine {
    /// Finds the room keys of messages that could not be decrypted since the last call, once per
    /// session and run: in the key backup first, then by asking this user's other devices
    /// (`m.room_key_request`), since a device that was there when the message came (Element on
    /// the phone) can forward the key. Returns the sessions the backup had, now stored.
    @discardableResult
    public func requestMissingKeys() async -> Set<String> {
        let missing = keysToRequest.filter { !requestedSessions.contains($0.key.sessionID) }
        keysToRequest = [:]
        requestedSessions.formUnion(missing.keys.map(\.sessionID))
        let restored = await restoreFromBackup(Array(missing.keys))
        var bodies: [String: JSONValue] = [:]
        for (session, senderKey) in missing where !restored.contains(session.sessionID) {
            let requestID = UUID().uuidString
            bodies[requestID] = [
                "action": "request",
                "request_id": .string(requestID),
                "requesting_device_id": .string(deviceID),
                "body": [
                    "algorithm": .string(CryptoAlgorithm.megolm),
                    "room_id": .string(session.roomID),
                    "session_id": .string(session.sessionID),
                    "sender_key": .string(senderKey),
                ],
            ]
        }
        for (requestID, content) in bodies {
            do {
                try await keys.sendToDevice(type: Self.keyRequestType, transactionID: requestID, messages: [userID: ["*": content]])
            } catch {
                logger.warning("key request not sent", metadata: ["error": "\(error)"])
            }
        }
        return restored
    }

    static let keyRequestType = "m.room_key_request"

    /// Answers a key request from another device of this user, if that device was verified here
    /// and this device has the session: the key goes back over Olm as `m.forwarded_room_key`.
    /// Requests from anyone else are ignored, as the spec advises.
    func answerKeyRequest(_ event: SyncEvent) async {
        let content = event.content
        guard event.sender == userID, content["action"]?.string == "request",
              let requester = content["requesting_device_id"]?.string, requester != deviceID,
              let body = content["body"], body["algorithm"]?.string == CryptoAlgorithm.megolm,
              let roomID = body["room_id"]?.string, let sessionID = body["session_id"]?.string,
              let device = try? await store.devices(of: [userID]).first(where: { $0.deviceID == requester }), device.isTrusted,
              let (record, session) = await groupSession(roomID: roomID, sessionID: sessionID),
              let exported = session.export(at: session.firstKnownIndex) else { return }
        let forwarded: JSONValue = [
            "algorithm": .string(CryptoAlgorithm.megolm),
            "room_id": .string(roomID),
            "sender_key": .string(record.senderKey),
            "session_id": .string(sessionID),
            "session_key": .string(exported.base64),
            "sender_claimed_ed25519_key": .string(record.signingKey),
            "forwarding_curve25519_key_chain": [],
        ]
        do {
            try await sendEncrypted(type: "m.forwarded_room_key", content: forwarded, to: device)
            logger.info("forwarded a room key", metadata: ["device": "\(requester)", "session": "\(sessionID)"])
        } catch {
            logger.warning("key not forwarded", metadata: ["error": "\(error)"])
        }
    }
}
