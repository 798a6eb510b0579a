import Foundation
import MatrixCrypto
import MatrixJSON

/// Encrypted history shared on invite (MSC4268, spec v1.19): the inviter uploads the room keys
/// of the room's shareable history as an encrypted file and sends its key to the invitee's
/// devices over Olm; the invitee imports them on accepting the invite from that inviter, when
/// the device that sent them is vouched for by its owner's identity (or verified here).
extension CryptoMachine {
    static let roomKeyBundleTypes = ["m.room_key_bundle", "io.element.msc4268.room_key_bundle"]
    /// A bundle counts only if it came within this long of accepting the invite (the spec's advice).
    static let bundleAcceptanceWindow: Int64 = 24 * 3600 * 1000
    /// A bundle never imported is forgotten after this long.
    static let bundleKeepingTime: Int64 = 30 * 24 * 3600 * 1000

    // MARK: Sharing

    /// Shares the room's history with `userID`, about to be invited: every room key this device
    /// holds for the room, those made while its history was visible to people invited later in
    /// the bundle, the others listed as withheld (`m.history_not_shared`). Goes only to devices
    /// their owner's identity signed, as the spec asks.
    public func shareHistory(ofRoom roomID: String, with userID: String) async throws(MatrixError) -> HistoryShare {
        let readers = try await keys.readers(ofRoom: roomID)
        guard readers.sharesHistory else { return .notShared(.historyNotVisible) }
        let bundle = await bundle(ofRoom: roomID)
        guard !bundle.roomKeys.isEmpty else { return .notShared(.nothingToShare) }
        try await refreshDevices(of: [userID])
        let devices = ((try? await store.devices(of: [userID])) ?? []).filter(\.isOwnerSigned)
        guard !devices.isEmpty else { return .notShared(.noCrossSignedDevice) }
        guard let plaintext = try? bundle.encoded() else { throw .encryptionRefused(.unavailable) }
        let (ciphertext, attachmentKeys) = AttachmentCipher.encrypt(plaintext)
        let url = try await keys.uploadEncryptedFile(ciphertext)
        var file = attachmentKeys.jsonFields
        file["url"] = .string(url)
        let content: JSONValue = ["room_id": .string(roomID), "file": .object(file)]
        let sent = try await sendOverOlm(type: Self.roomKeyBundleTypes[0], content: content, to: devices).count
        logger.info("shared room history", metadata: ["room": "\(roomID)", "user": "\(userID)", "devices": "\(sent)",
                                                      "keys": "\(bundle.roomKeys.count)", "withheld": "\(bundle.withheld.count)"])
        return sent == 0 ? .notShared(.noCrossSignedDevice) : .shared(devices: sent, keys: bundle.roomKeys.count)
    }

    /// The room's keys held here, as a bundle.
    func bundle(ofRoom roomID: String) async -> RoomKeyBundle {
        var bundle = RoomKeyBundle(roomKeys: [])
        for record in (try? await store.inboundGroupSessions(roomID: roomID)) ?? [] {
            if record.sharesHistory, let exported = exportedKey(of: record) {
                bundle.roomKeys.append(HistoricRoomKey(roomID: roomID, sessionID: record.sessionID, senderKey: record.senderKey,
                                                       signingKey: record.signingKey.isEmpty ? nil : record.signingKey,
                                                       sessionKey: exported.base64))
            } else {
                bundle.withheld.append([
                    "algorithm": .string(CryptoAlgorithm.megolm), "code": "m.history_not_shared",
                    "reason": "The room's history was not visible to people invited later when this key was made.",
                    "room_id": .string(roomID), "session_id": .string(record.sessionID), "sender_key": .string(record.senderKey),
                    "from_device": .string(deviceID),
                ])
            }
        }
        return bundle
    }

    // MARK: Receiving

    /// Keeps a bundle's to-device message, when its plaintext carries the sender's device keys
    /// signed by that device and matching the Olm session it came over (MSC4147, which the spec
    /// asks of bundles): the device is then known even if the server does not list it.
    func takeBundle(_ plaintext: JSONValue, senderKey: String, sender: String) async {
        guard let type = plaintext["type"]?.string, Self.roomKeyBundleTypes.contains(type) else { return }
        guard let roomID = plaintext["content"]?["room_id"]?.string, let file = plaintext["content"]?["file"],
              file["url"]?.string != nil, AttachmentKeys(json: file) != nil else {
            logger.warning("room key bundle refused: malformed", metadata: ["sender": "\(sender)"])
            return
        }
        guard let deviceID = Self.senderDevice(in: plaintext, sender: sender, senderKey: senderKey) else {
            logger.warning("room key bundle refused: no valid sender device keys", metadata: ["sender": "\(sender)", "room": "\(roomID)"])
            return
        }
        if let invite = try? await store.acceptedInvites()[roomID], invite.inviter == sender, invite.bundleImported {
            logger.info("room key bundle ignored: one was imported already", metadata: ["sender": "\(sender)", "room": "\(roomID)"])
            return
        }
        let bundle = StoredRoomKeyBundle(roomID: roomID, sender: sender, senderDevice: deviceID, senderKey: senderKey, file: file,
                                         receivedAt: milliseconds)
        try? await store.saveRoomKeyBundle(bundle)
        logger.info("room key bundle kept", metadata: ["sender": "\(sender)", "device": "\(deviceID)", "room": "\(roomID)"])
    }

    /// The device ID of `sender_device_keys` when they are the sender's, self-signed, and the
    /// keys the Olm message came with; `nil` otherwise.
    static func senderDevice(in plaintext: JSONValue, sender: String, senderKey: String) -> String? {
        guard let keys = plaintext["sender_device_keys"], keys["user_id"]?.string == sender, let deviceID = keys["device_id"]?.string,
              keys["keys"]?["curve25519:\(deviceID)"]?.string == senderKey,
              let ed25519 = keys["keys"]?["ed25519:\(deviceID)"]?.string, ed25519 == plaintext["keys"]?["ed25519"]?.string,
              let signingKey = try? Ed25519PublicKey(base64: ed25519),
              keys.hasValidSignature(by: signingKey, entity: sender, keyID: deviceID) else { return nil }
        return deviceID
    }

    /// The user accepted an invite to `roomID` from `inviter` here: that inviter's bundle for
    /// the room is imported, now if it came already. Returns what came of it and the sessions
    /// imported (whose stored messages are worth another try).
    public func acceptedInvite(to roomID: String, from inviter: String) async -> (imports: [HistoryImport], sessions: Set<String>) {
        try? await store.recordAcceptedInvite(roomID: roomID, inviter: inviter, at: milliseconds)
        return await importSharedHistory()
    }

    /// Imports each kept bundle whose invite was accepted here from its sender, within a day of
    /// it, where the sending device is vouched for; tells a refusal once per reason. Bundles
    /// refused for want of trust stay, and are imported once the device is verified. One import
    /// runs at a time (the sync loop's and an `/accept`'s may meet): a caller that finds one
    /// under way waits for it, then looks again, so a bundle is imported and told once.
    public func importSharedHistory() async -> (imports: [HistoryImport], sessions: Set<String>) {
        while let running = historyImport { _ = await running.value }
        // Cleared by the import itself, on this actor, before any waiter resumes.
        let task = Task {
            defer { historyImport = nil }
            return await importKeptBundles()
        }
        historyImport = task
        return await task.value
    }

    private func importKeptBundles() async -> (imports: [HistoryImport], sessions: Set<String>) {
        guard let bundles = try? await store.roomKeyBundles(), !bundles.isEmpty else { return ([], []) }
        let invites = (try? await store.acceptedInvites()) ?? [:]
        var imports: [HistoryImport] = []
        var sessions: Set<String> = []
        for bundle in bundles {
            guard let invite = invites[bundle.roomID], invite.inviter == bundle.sender, !invite.bundleImported,
                  bundle.receivedAt <= invite.acceptedAt + Self.bundleAcceptanceWindow else {
                if milliseconds - bundle.receivedAt > Self.bundleKeepingTime {
                    try? await store.deleteRoomKeyBundle(roomID: bundle.roomID, sender: bundle.sender)
                }
                continue
            }
            switch await importBundle(bundle) {
            case .success(let (outcome, imported)):
                sessions.formUnion(imported)
                imports.append(HistoryImport(roomID: bundle.roomID, sharedBy: bundle.sender, deviceID: bundle.senderDevice, outcome: outcome))
            case .failure(let refusal):
                guard bundle.refusalTold != refusal.rawValue else { continue }
                try? await store.setRoomKeyBundleRefusalTold(refusal.rawValue, roomID: bundle.roomID, sender: bundle.sender)
                imports.append(HistoryImport(roomID: bundle.roomID, sharedBy: bundle.sender, deviceID: bundle.senderDevice,
                                             outcome: .refused(refusal)))
            }
        }
        return (imports, sessions)
    }

    /// One bundle, checked, downloaded and imported; the bundle is forgotten unless it may still
    /// be imported later (a device not vouched for yet, a download that failed for now).
    private func importBundle(_ bundle: StoredRoomKeyBundle) async -> Result<(HistoryImport.Outcome, Set<String>), RoomKeyBundleError> {
        if let refusal = await trustRefusal(of: bundle) {
            logger.info("room key bundle not imported yet", metadata: ["room": "\(bundle.roomID)", "sender": "\(bundle.sender)",
                                                                       "reason": "\(refusal.rawValue)"])
            return .failure(refusal)
        }
        let parsed: RoomKeyBundle
        do throws(RoomKeyBundleError) {
            parsed = try await download(bundle)
        } catch {
            logger.warning("room key bundle refused", metadata: ["room": "\(bundle.roomID)", "sender": "\(bundle.sender)", "reason": "\(error.rawValue)"])
            if error != .unavailable { try? await store.deleteRoomKeyBundle(roomID: bundle.roomID, sender: bundle.sender) }
            return .failure(error)
        }
        var candidates: [(session: InboundGroupSession, record: GroupSessionRecord)] = []
        for key in parsed.roomKeys where key.roomID == bundle.roomID {
            guard let session = try? InboundGroupSession(exportedKey: MegolmSessionKey(base64: key.sessionKey)),
                  session.sessionID == key.sessionID else { continue }
            candidates.append((session, GroupSessionRecord(roomID: key.roomID, sessionID: key.sessionID, senderKey: key.senderKey,
                                                           signingKey: key.signingKey ?? "", isImported: true, state: Data(),
                                                           sharesHistory: true, sharedBy: bundle.sender)))
        }
        let imported = await keep(candidates)
        try? await store.markBundleImported(roomID: bundle.roomID)
        try? await store.deleteRoomKeyBundle(roomID: bundle.roomID, sender: bundle.sender)
        let skipped = parsed.roomKeys.count - candidates.count
        logger.info("imported shared room history", metadata: ["room": "\(bundle.roomID)", "sender": "\(bundle.sender)",
                                                               "keys": "\(imported.count)", "total": "\(parsed.roomKeys.count)", "skipped": "\(skipped)"])
        return .success((.imported(keys: imported.count, total: parsed.roomKeys.count, skipped: skipped), imported))
    }

    /// Why the bundle's sending device is not to be believed now; `nil` when it is: signed by
    /// its owner's identity, or verified here, and that identity not changed since verified.
    private func trustRefusal(of bundle: StoredRoomKeyBundle) async -> RoomKeyBundleError? {
        try? await refreshDevices(of: [bundle.sender])
        guard let device = try? await store.device(curve25519: bundle.senderKey), device.userID == bundle.sender,
              device.deviceID == bundle.senderDevice else { return .unknownDevice }
        if (try? await store.identities(of: [bundle.sender])[bundle.sender])?.hasVerificationViolation == true { return .identityChanged }
        return device.isOwnerSigned || device.isVerified ? nil : .unverifiedDevice
    }

    /// The bundle's file, downloaded (within `RoomKeyBundle.maximumBytes`), decrypted and parsed.
    private func download(_ bundle: StoredRoomKeyBundle) async throws(RoomKeyBundleError) -> RoomKeyBundle {
        guard let url = bundle.file["url"]?.string, let attachmentKeys = AttachmentKeys(json: bundle.file) else { throw .malformed }
        let ciphertext: Data
        do throws(MatrixError) {
            ciphertext = try await keys.downloadEncryptedFile(url, maximumBytes: RoomKeyBundle.maximumBytes)
        } catch .transport(.responseTooLarge) {
            throw .tooLarge
        } catch {
            throw .unavailable
        }
        guard let plaintext = try? AttachmentCipher.decrypt(ciphertext, with: attachmentKeys) else { throw .malformed }
        return try RoomKeyBundle(decrypted: plaintext)
    }
}
