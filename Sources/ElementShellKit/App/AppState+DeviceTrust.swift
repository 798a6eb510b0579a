import MatrixClient

extension AppState {
    /// Which devices are trusted, read anew: at start, and after each sync, verification or
    /// recovery, which may have brought or dropped devices (a device whose keys change loses its
    /// verification). `nil` when the store could not be read.
    func readDeviceTrust(store: StoreWriter? = nil, crypto: CryptoMachine? = nil) async -> DeviceTrust? {
        guard let store = store ?? state.store else { return nil }
        // This device's key stays the same for the session: the crypto machine is asked once.
        let ownKey = if let known = state.deviceTrust.ownKey { known } else { await (crypto ?? state.crypto)?.identityKeys.curve25519 }
        guard let keys = try? await store.deviceTrustKeys() else { return nil }
        return DeviceTrust(ownKey: ownKey, keys: keys)
    }

    /// Marks messages shown from now on by `trust`, when it could be read.
    func useDeviceTrust(_ trust: DeviceTrust?) {
        guard let trust else { return }
        commit { $0.deviceTrust = trust }
    }

    /// Reads which devices are trusted and marks messages by it, unless the services that were
    /// asked stopped meanwhile.
    func loadDeviceTrust() async {
        let generation = state.serviceGeneration
        let trust = await readDeviceTrust()
        guard generation == state.serviceGeneration else { return }
        useDeviceTrust(trust)
    }
}
