import MatrixClient

extension AppState {
    func send(_ action: EncryptionAction, in context: CommandContext) async -> Bool {
        let session = context.signedIn.session
        switch action {
        case .devices(let user): return await withCrypto { await listDevices(of: user, for: session, with: $0) }
        case .setVerified(let verified, let user, let deviceID, let fingerprint):
            return await withCrypto { await setVerified(verified, user: user, deviceID: deviceID, fingerprint: fingerprint, for: session, with: $0) }
        case .exportKeys(let path, let overwrite):
            return await withCrypto { await exportKeys(to: expandingHome(path), overwrite: overwrite, from: $0) }
        case .importKeys(let path): return await withCrypto { await importKeys(from: expandingHome(path), into: $0) }
        case .encryptRoom(let confirmed): return await encryptRoom(confirmed: confirmed, in: context.openRoom)
        }
    }

    /// Runs a command on the session's keys, which needs its crypto machine: it may not have started.
    private func withCrypto(_ command: (CryptoMachine) async -> Bool) async -> Bool {
        guard let crypto = state.crypto else { return finish(.failure(.matrix(.encryptionRefused(.unavailable)))) }
        return await command(crypto)
    }

    private func listDevices(of user: String?, for session: Session, with crypto: CryptoMachine) async -> Bool {
        var userID = session.userID
        if let user {
            guard let found = MemberLookup.userID(for: user, among: state.memberNames) else { return finish(.failure(.unknownUser(user))) }
            userID = found
        }
        do {
            var devices = try await crypto.devices(of: userID)
            // Until its keys are published and queried back, the server's list lacks this device.
            if userID == session.userID, !devices.contains(where: { $0.deviceID == session.deviceID }) {
                let keys = await crypto.identityKeys
                devices.insert(DeviceRecord(userID: userID, deviceID: session.deviceID, curve25519: keys.curve25519, ed25519: keys.ed25519), at: 0)
            }
            let entries = devices.map { device in
                DeviceEntry(deviceID: device.deviceID, displayName: device.displayName.map { RemoteText($0) }, fingerprint: Fingerprint(device.ed25519),
                            isVerified: device.isTrusted, isCurrent: userID == session.userID && device.deviceID == session.deviceID)
            }
            return finish(.encryption(.devices(userID: userID, entries)))
        } catch {
            return finish(.failure(.matrix(error)))
        }
    }

    /// Marks a device after the user compared its fingerprint out of band; a fingerprint given
    /// that is not the device's changes nothing.
    private func setVerified(_ verified: Bool, user: String, deviceID: String, fingerprint: String?,
                             for session: Session, with crypto: CryptoMachine) async -> Bool {
        guard let userID = MemberLookup.userID(for: user, among: state.memberNames) else { return finish(.failure(.unknownUser(user))) }
        let devices: [DeviceRecord]
        do {
            devices = try await crypto.devices(of: userID)
        } catch {
            return finish(.failure(.matrix(error)))
        }
        guard let device = devices.first(where: { $0.deviceID == deviceID }) else {
            return finish(.failure(.encryption(.unknownDevice(userID: userID, deviceID: deviceID))))
        }
        if let fingerprint, !Fingerprint(device.ed25519).matches(fingerprint) {
            return finish(.failure(.encryption(.fingerprintMismatch(userID: userID, deviceID: deviceID))))
        }
        guard await crypto.setVerified(verified, userID: userID, deviceID: deviceID) else {
            return finish(.failure(.encryption(.unknownDevice(userID: userID, deviceID: deviceID))))
        }
        logger.info("Marked device \(deviceID) of \(userID) \(verified ? "verified" : "unverified") (session of \(session.userID))")
        // Messages shown from now on carry the new mark, not only after the next sync.
        await loadDeviceTrust()
        // History that device shared waited for this.
        if verified { await importSharedHistoryNow() }
        return finish(.encryption(.verified(userID: userID, deviceID: deviceID, isVerified: verified)))
    }

    /// Turns encryption on in the open room once the user said yes: no client can turn it off.
    private func encryptRoom(confirmed: Bool, in room: RoomContext) async -> Bool {
        let roomID = room.roomID
        let roomName = state.rooms[roomID].map(RoomName.of) ?? roomID
        guard state.rooms[roomID]?.encryption == nil else { return finish(.failure(.encryption(.alreadyEncrypted(roomName: RemoteText(roomName))))) }
        if !confirmed {
            switch await environment.confirm(.encryptRoom(roomName: roomName)) {
            case true?: return await send(.encryption(.encryptRoom(confirmed: true)))
            case false?: return finish(.failure(.cancelled))
            case nil: return finish(.failure(.confirmationRequired(command: CommandName.encrypt.rawValue)))
            }
        }
        let service = room.services.rooms
        do {
            let levels = try await service.powerLevels(roomID: roomID)
            let required = levels.levelNeeded(toSendState: RoomEncryption.eventType), own = levels.level(of: room.session.userID)
            guard own >= required else { return finish(.failure(.encryption(.notPermitted(required: required, own: own)))) }
            try await service.enableEncryption(RoomEncryption(), in: roomID)
        } catch {
            return finish(.failure(.matrix(error)))
        }
        // Messages sent before sync brings the event must be encrypted already.
        do {
            try await room.store.setRoomEncryption(RoomEncryption(), of: roomID)
            commit { $0.rooms[roomID]?.encryption = RoomEncryption() }
        } catch {
            logger.error("The encryption of \(roomID) could not be stored: \(String(describing: error))")
        }
        return finish(.encryption(.roomEncrypted(roomName: RemoteText(roomName))))
    }
}
