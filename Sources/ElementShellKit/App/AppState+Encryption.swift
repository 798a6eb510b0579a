extension AppState {
    func send(_ action: EncryptionAction) async -> Bool {
        switch action {
        case .devices(let user): await listDevices(of: user)
        case .setVerified(let verified, let user, let deviceID, let fingerprint):
            await setVerified(verified, user: user, deviceID: deviceID, fingerprint: fingerprint)
        case .exportKeys(let path, let overwrite): await exportKeys(to: expandingHome(path), overwrite: overwrite)
        case .importKeys(let path): await importKeys(from: expandingHome(path))
        case .encryptRoom(let confirmed): await encryptRoom(confirmed: confirmed)
        }
    }

    /// The session and its crypto machine, or why an encryption command cannot run.
    func encryptionSession() -> Result<(Session, CryptoMachine), ShellError> {
        guard let session else { return .failure(notLoggedIn) }
        guard let crypto else { return .failure(.matrix(.encryptionRefused(.unavailable))) }
        return .success((session, crypto))
    }

    private func listDevices(of user: String?) async -> Bool {
        let (session, crypto): (Session, CryptoMachine)
        switch encryptionSession() {
        case .success(let found): (session, crypto) = found
        case .failure(let error): return finish("devices", .failure(error))
        }
        var userID = session.userID
        if let user {
            guard let found = MemberLookup.userID(for: user, among: memberNames) else { return finish("devices", .failure(.unknownUser(user))) }
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
                DeviceEntry(deviceID: device.deviceID, displayName: device.displayName, fingerprint: Fingerprint(device.ed25519),
                            isVerified: device.isVerified, isCurrent: userID == session.userID && device.deviceID == session.deviceID)
            }
            return finish("devices", .encryption(.devices(userID: userID, entries)))
        } catch {
            return finish("devices", .failure(.matrix(error)))
        }
    }

    /// Marks a device after the user compared its fingerprint out of band; a fingerprint given
    /// that is not the device's changes nothing.
    private func setVerified(_ verified: Bool, user: String, deviceID: String, fingerprint: String?) async -> Bool {
        let command = verified ? "verify" : "unverify"
        let (session, crypto): (Session, CryptoMachine)
        switch encryptionSession() {
        case .success(let found): (session, crypto) = found
        case .failure(let error): return finish(command, .failure(error))
        }
        guard let userID = MemberLookup.userID(for: user, among: memberNames) else { return finish(command, .failure(.unknownUser(user))) }
        let devices: [DeviceRecord]
        do {
            devices = try await crypto.devices(of: userID)
        } catch {
            return finish(command, .failure(.matrix(error)))
        }
        guard let device = devices.first(where: { $0.deviceID == deviceID }) else {
            return finish(command, .failure(.encryption(.unknownDevice(userID: userID, deviceID: deviceID))))
        }
        if let fingerprint, !Fingerprint(device.ed25519).matches(fingerprint) {
            return finish(command, .failure(.encryption(.fingerprintMismatch(userID: userID, deviceID: deviceID))))
        }
        guard await crypto.setVerified(verified, userID: userID, deviceID: deviceID) else {
            return finish(command, .failure(.encryption(.unknownDevice(userID: userID, deviceID: deviceID))))
        }
        logger.info("Marked device \(deviceID) of \(userID) \(verified ? "verified" : "unverified") (session of \(session.userID))")
        // Messages shown from now on carry the new mark, not only after the next sync.
        await loadDeviceTrust()
        return finish(command, .encryption(.verified(userID: userID, deviceID: deviceID, isVerified: verified)))
    }

    /// Turns encryption on in the open room once the user said yes: no client can turn it off.
    private func encryptRoom(confirmed: Bool) async -> Bool {
        guard let session, let services else { return finish("encrypt", .failure(notLoggedIn)) }
        guard let roomID = currentRoomID else { return finish("encrypt", .failure(.noRoomOpen)) }
        let roomName = rooms[roomID].map(RoomName.of) ?? roomID
        guard rooms[roomID]?.encryption == nil else { return finish("encrypt", .failure(.encryption(.alreadyEncrypted(roomName: roomName)))) }
        if !confirmed {
            switch await environment.confirm(.encryptRoom(roomName: roomName)) {
            case true?: return await send(.encryption(.encryptRoom(confirmed: true)))
            case false?: return finish("encrypt", .failure(.cancelled))
            case nil: return finish("encrypt", .failure(.confirmationRequired(command: "encrypt")))
            }
        }
        let service = services.rooms
        do {
            let levels = try await service.powerLevels(roomID: roomID)
            let required = levels.levelNeeded(toSendState: RoomEncryption.eventType), own = levels.level(of: session.userID)
            guard own >= required else { return finish("encrypt", .failure(.encryption(.notPermitted(required: required, own: own)))) }
            try await service.enableEncryption(RoomEncryption(), in: roomID)
        } catch {
            return finish("encrypt", .failure(.matrix(error)))
        }
        return finish("encrypt", .encryption(.roomEncrypted(roomName: roomName)))
    }
}
