import Foundation
import MatrixCrypto
import MatrixJSON

/// Why a message for an encrypted room was not encrypted (it is then not sent at all).
public enum EncryptionRefusal: Error, Sendable, Equatable {
    /// The room uses an algorithm this client does not implement.
    case unsupportedAlgorithm(String)
    /// Sync has not brought the room yet, so whether it is encrypted is unknown: sending waits.
    case roomNotSynced
    /// Encryption could not start for this session (its key file is unreadable): see the log.
    case unavailable
    /// These members were verified here and their identity changed since: the message is held
    /// until the user withdraws the verification or verifies them again.
    case verifiedIdentityChanged([String])
}

extension CryptoMachine {
    /// The `m.room.encrypted` content for an event in an encrypted room. First makes sure every
    /// device that should read it has the room's current Megolm session: members' devices are
    /// fetched, a session is started or replaced as the room's rotation settings and departures
    /// require, and its key goes to devices that lack it over Olm. A message (`checkingIdentities`)
    /// is refused while a member verified here shows another identity; a verification step, which
    /// may be what verifies them again, is not.
    public func encrypt(type: String, content: JSONValue, roomID: String, settings: RoomEncryption,
                        checkingIdentities: Bool = true) async throws(MatrixError) -> JSONValue {
        guard settings.isSupported else { throw .encryptionRefused(.unsupportedAlgorithm(settings.algorithm)) }
        let readers = try await readers(ofRoom: roomID)
        let members = readers.members
        try await updateOutdatedDevices()
        if checkingIdentities { try await checkIdentities(of: members, roomID: roomID) }
        let others = ((try? await store.devices(of: members)) ?? []).filter { !($0.userID == userID && $0.deviceID == deviceID) }
        let isSecure: (DeviceRecord) -> Bool = { !self.excludesInsecureDevices || $0.isVerified || $0.isOwnerSigned }
        let devices = others.filter(isSecure)
        var (outbound, record) = await currentOutboundSession(roomID: roomID, settings: settings, devices: devices,
                                                              sharesHistory: readers.sharesHistory)
        await announceWithheld(others.filter { !isSecure($0) }, code: .unverified, sessionID: outbound.sessionID, roomID: roomID)
        let lacking = devices.filter { !record.sharedWith.contains(DeviceAddress(userID: $0.userID, deviceID: $0.deviceID)) }
        if !lacking.isEmpty {
            record.sharedWith.formUnion(try await share(outbound.sessionKey, sessionID: outbound.sessionID, roomID: roomID,
                                                        sharesHistory: record.sharesHistory, with: lacking))
            try? await saveOutbound(outbound, record: record)
        }
        let plaintext = PlaintextEvent(type: type, content: content, roomID: roomID)
        guard let bytes = try? JSONEncoder().encode(plaintext), let ciphertext = try? outbound.encrypt(bytes) else {
            throw .encryptionRefused(.unsupportedAlgorithm(settings.algorithm))
        }
        record.messageCount += 1
        // Saved before the message leaves: a restart must never reuse this message's key.
        try? await saveOutbound(outbound, record: record)
        var encrypted: [String: JSONValue] = [
            "algorithm": .string(CryptoAlgorithm.megolm),
            "ciphertext": .string(ciphertext),
            "session_id": .string(outbound.sessionID),
            "sender_key": .string(account.curve25519Key.base64),
            "device_id": .string(deviceID),
        ]
        if case .object(let members) = content, let relation = members["m.relates_to"] { encrypted["m.relates_to"] = relation }
        return .object(encrypted)
    }

    /// Refuses a room where someone verified here shows another identity now; notes those who
    /// changed identity unverified and were not named at a send yet, for the send to tell.
    private func checkIdentities(of members: [String], roomID: String) async throws(MatrixError) {
        let identities = ((try? await store.identities(of: members.filter { $0 != userID })) ?? [:]).values
        let violated = identities.filter(\.hasVerificationViolation).map(\.userID).sorted()
        guard violated.isEmpty else {
            logger.info("message held: verified identity changed", metadata: ["room": "\(roomID)", "users": "\(violated)"])
            throw .encryptionRefused(.verifiedIdentityChanged(violated))
        }
        let resets = identities.filter { $0.hasPinViolation && !resetsToldAtSend.contains($0.userID) }.map(\.userID).sorted()
        resetsToldAtSend.formUnion(resets)
        if !resets.isEmpty { resetsAtSend[roomID, default: []] += resets }
    }

    /// The users whose changed identity (never verified) a send to `roomID` should name, once.
    public func takeResetsAtSend(in roomID: String) -> [String] {
        resetsAtSend.removeValue(forKey: roomID) ?? []
    }

    /// The room's readers, from the cache or the server; newly seen ones have their devices followed.
    private func readers(ofRoom roomID: String) async throws(MatrixError) -> RoomReaders {
        if let cached = recipientsByRoom[roomID] { return cached }
        let readers = try await keys.readers(ofRoom: roomID)
        try? await store.track(readers.members)
        recipientsByRoom[roomID] = readers
        return readers
    }

    /// The room's outbound session, or a new one when there is none, it is due for rotation, a
    /// device that had its key is no longer among those who should read the room, or whether
    /// its history is for people invited later changed (its key said otherwise).
    private func currentOutboundSession(roomID: String, settings: RoomEncryption, devices: [DeviceRecord], sharesHistory: Bool)
        async -> (OutboundGroupSession, OutboundSessionRecord)
    {
        let current = Set(devices.map { DeviceAddress(userID: $0.userID, deviceID: $0.deviceID) })
        if let record = try? await store.outboundGroupSession(roomID: roomID),
           let opened = try? cipher.open(record.state), let session = try? OutboundGroupSession(serialized: opened),
           record.messageCount < settings.rotationPeriodMessages,
           milliseconds - record.createdAt < settings.rotationPeriodMilliseconds,
           record.sharedWith.isSubset(of: current), record.sharesHistory == sharesHistory {
            return (session, record)
        }
        let session = OutboundGroupSession()
        let record = OutboundSessionRecord(roomID: roomID, sessionID: session.sessionID, createdAt: milliseconds, state: Data(),
                                           sharesHistory: sharesHistory)
        // Our own copy, so this device reads what it sent (history, other devices' replies to it).
        if let inbound = try? InboundGroupSession(sessionKey: session.sessionKey) {
            _ = await keep(inbound, as: GroupSessionRecord(roomID: roomID, sessionID: session.sessionID, senderKey: account.curve25519Key.base64,
                                                           signingKey: account.ed25519Key.base64, isImported: false, state: Data(),
                                                           sharesHistory: sharesHistory))
        }
        logger.info("new outbound Megolm session", metadata: ["room": "\(roomID)", "session": "\(session.sessionID)"])
        return (session, record)
    }

    private func saveOutbound(_ session: OutboundGroupSession, record: OutboundSessionRecord) async throws {
        var record = record
        record.state = cipher.seal(try session.serialized())
        try await store.saveOutboundGroupSession(record)
    }

    /// Sends the session key to each device in an `m.room_key` over Olm, claiming one-time keys
    /// for devices without a session. Returns the devices it went to; a device with no key to
    /// claim is left out and gets it with a later message.
    private func share(_ sessionKey: MegolmSessionKey, sessionID: String, roomID: String, sharesHistory: Bool, with devices: [DeviceRecord])
        async throws(MatrixError) -> Set<DeviceAddress>
    {
        // The flag under the spec's name (v1.19) and the one the Rust SDK 0.18 reads.
        let roomKey: JSONValue = [
            "algorithm": .string(CryptoAlgorithm.megolm), "room_id": .string(roomID),
            "session_id": .string(sessionID), "session_key": .string(sessionKey.base64),
            "shared_history": .bool(sharesHistory), "m.shared_history": .bool(sharesHistory),
        ]
        let sharedWith = try await sendOverOlm(type: "m.room_key", content: roomKey, to: devices)
        await announceWithheld(devices.filter { !sharedWith.contains(DeviceAddress(userID: $0.userID, deviceID: $0.deviceID)) },
                               code: .noOlm, sessionID: sessionID, roomID: roomID)
        if !sharedWith.isEmpty {
            logger.info("shared room key", metadata: ["room": "\(roomID)", "session": "\(sessionID)", "devices": "\(sharedWith.count)"])
        }
        return sharedWith
    }

    /// Starts an Olm session with each device that has none, from a claimed one-time key the
    /// device signed.
    func establishSessions(with devices: [DeviceRecord]) async throws(MatrixError) {
        var missing: [DeviceRecord] = []
        for device in devices where await sessions(with: device.curve25519).isEmpty {
            missing.append(device)
        }
        guard !missing.isEmpty else { return }
        var request: [String: [String]] = [:]
        for device in missing { request[device.userID, default: []].append(device.deviceID) }
        let claimed = try await keys.claimOneTimeKeys(request)
        for device in missing {
            guard let entries = claimed[device.userID]?[device.deviceID]?.object, let signed = entries.first?.value,
                  entries.first?.key.hasPrefix(CryptoAlgorithm.signedCurve25519 + ":") == true,
                  let keyText = signed["key"]?.string, let oneTimeKey = try? Curve25519PublicKey(base64: keyText),
                  let identityKey = try? Curve25519PublicKey(base64: device.curve25519),
                  let signingKey = try? Ed25519PublicKey(base64: device.ed25519),
                  signed.hasValidSignature(by: signingKey, entity: device.userID, keyID: device.deviceID)
            else {
                logger.warning("no one-time key", metadata: ["user": "\(device.userID)", "device": "\(device.deviceID)"])
                continue
            }
            let session = account.createOutboundSession(identityKey: identityKey, oneTimeKey: oneTimeKey)
            await remember(session, with: device.curve25519)
        }
    }
}

/// What a Megolm message encrypts: the event's type and content, and its room (so the message
/// cannot be replayed into another room).
private struct PlaintextEvent: Encodable {
    let type: String
    let content: JSONValue
    let roomID: String

    enum CodingKeys: String, CodingKey {
        case type, content, roomID = "room_id"
    }
}
