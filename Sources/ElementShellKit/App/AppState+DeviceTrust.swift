extension AppState {
    /// Reads which devices are trusted, so messages are marked by what is known now: at start,
    /// and after each sync, which may have brought or dropped devices (a device whose keys change
    /// loses its verification).
    func loadDeviceTrust() async {
        guard let store else { return }
        // This device's key stays the same for the session: the crypto machine is asked once.
        let ownKey = if let known = deviceTrust.ownKey { known } else { await crypto?.identityKeys.curve25519 }
        guard let keys = try? await store.deviceTrustKeys() else { return }
        deviceTrust = DeviceTrust(ownKey: ownKey, keys: keys)
    }
}
