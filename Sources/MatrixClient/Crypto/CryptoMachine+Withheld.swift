import Foundation
import MatrixCrypto
import MatrixJSON

/// `m.room_key.withheld`: telling devices a room key was kept from them, and why; and showing
/// that reason on messages whose key another device kept from this one.
extension CryptoMachine {
    static let withheldType = "m.room_key.withheld"

    /// Tells devices left out of a session why, once per session and device in a run, so their
    /// users see it instead of waiting for a key: their owner never signed them
    /// (`m.unverified`, with `exclude_insecure_devices`), or no Olm session could be made with
    /// them (`m.no_olm`: they published no one-time key). Sent in the clear, as the spec has it.
    func announceWithheld(_ devices: [DeviceRecord], code: WithheldCode, sessionID: String, roomID: String) async {
        let fresh = devices.filter { withheldAnnounced.insert("\(sessionID) \($0.userID) \($0.deviceID)").inserted }
        guard !fresh.isEmpty else { return }
        let content: JSONValue = [
            "algorithm": .string(CryptoAlgorithm.megolm), "code": .string(code.rawValue), "reason": .string(code.reason),
            "room_id": .string(roomID), "session_id": .string(sessionID),
            "sender_key": .string(account.curve25519Key.base64), "from_device": .string(deviceID),
        ]
        var messages: [String: [String: JSONValue]] = [:]
        for device in fresh { messages[device.userID, default: [:]][device.deviceID] = content }
        do {
            try await keys.sendToDevice(type: Self.withheldType, transactionID: UUID().uuidString, messages: messages)
            logger.info("room key withheld", metadata: ["room": "\(roomID)", "session": "\(sessionID)", "devices": "\(fresh.count)",
                                                        "code": "\(code.rawValue)"])
        } catch {
            logger.warning("withheld notice not sent", metadata: ["error": "\(error)"])
        }
    }

    /// The stored messages withheld notices re-marked since the last call, to show again.
    public func takeWithheldChanges() -> SyncResult? {
        defer { withheldChanges = [] }
        return withheldChanges.isEmpty ? nil : SyncResult(rooms: [], messages: [], changedMessages: withheldChanges)
    }

    /// Takes in a withheld notice: later messages of the session say why, and those stored
    /// already are marked and returned to be shown again.
    func takeWithheld(_ event: SyncEvent) async -> [MessageRecord] {
        let content = event.content
        guard content["algorithm"]?.string == CryptoAlgorithm.megolm, let code = content["code"]?.string,
              let failure = DecryptionFailure(withheldCode: code),
              let roomID = content["room_id"]?.string, let sessionID = content["session_id"]?.string else { return [] }
        logger.info("a room key was withheld from this device",
                    metadata: ["sender": "\(event.sender)", "room": "\(roomID)", "session": "\(sessionID)", "code": "\(code)"])
        return (try? await store.recordWithheld(failure, for: GroupSessionKey(roomID: roomID, sessionID: sessionID))) ?? []
    }
}

/// Why a room key was kept from a device, as this client says it.
enum WithheldCode: String {
    case unverified = "m.unverified"
    case noOlm = "m.no_olm"

    /// The spec's words for other clients' users; not localized: the receiver shows its own.
    var reason: String {
        switch self {
        case .unverified: "The sender has disabled encrypting to unverified devices."
        case .noOlm: "Unable to establish a secure channel."
        }
    }
}
