/// The lines of what `/devices`, `/verify`, `/unverify`, `/keys` and `/encrypt` produced.
struct EncryptionText {
    let theme: Theme
    let width: Int?

    func lines(for outcome: EncryptionOutcome) -> [String] {
        switch outcome {
        case .devices(let userID, let devices):
            devices.isEmpty ? [L10n.screenDevicesNone(clean(userID))]
                : [theme.accent(L10n.screenDevicesTitle(clean(userID)))] + TextLayout.table(devices.map(row), width: width)
        case .verified(let userID, let deviceID, let isVerified):
            [isVerified ? L10n.screenDeviceVerified(clean(deviceID), clean(userID)) : L10n.screenDeviceUnverified(clean(deviceID), clean(userID))]
        case .keysExported(let path, let count): [(count == 1 ? L10n.screenKeysExportedOne : L10n.screenKeysExportedOther)(count, clean(path))]
        case .keysImported(let path, let imported, let total): [(total == 1 ? L10n.screenKeysImportedOne : L10n.screenKeysImportedOther)(imported, total, clean(path))]
        case .roomEncrypted(let roomName): [L10n.screenRoomEncrypted(roomName.shown)]
        }
    }

    /// ID, name, the fingerprint as Element groups it, and whether it is trusted.
    private func row(_ device: DeviceEntry) -> [String] {
        var notes = [device.isVerified ? theme.accent(L10n.screenDevicesVerified) : theme.dim(L10n.screenDevicesUnverified)]
        if device.isCurrent { notes.insert(theme.bold(L10n.screenDevicesCurrent), at: 0) }
        return [clean(device.deviceID), device.displayName?.shown ?? "", device.fingerprint.grouped, notes.joined(separator: ", ")]
    }

    private func clean(_ text: String) -> String { TerminalSanitizer.clean(text) }
}
