import Foundation
import MatrixCrypto
import MatrixJSON

extension CryptoMachine {
    /// Publishes what the server lacks: the device keys once, one-time keys up to half of what
    /// the account can hold (others claim them to start sessions), and a fallback key for when
    /// they run out. `counts`/`unusedFallbackKeyTypes` are a sync's view; `nil` means unknown,
    /// in which case an upload without keys asks the server for its counts.
    public func publishKeys(oneTimeKeyCounts counts: [String: Int]?, unusedFallbackKeyTypes: [String]?) async throws(MatrixError) {
        var known = counts?[CryptoAlgorithm.signedCurve25519]
        if known == nil, keysPublished, counts == nil {
            known = try await keys.uploadKeys(deviceKeys: nil, oneTimeKeys: [:], fallbackKeys: [:])[CryptoAlgorithm.signedCurve25519] ?? 0
        }
        let target = OlmAccount.maxPublishedOneTimeKeys / 2
        let missing = max(0, target - (known ?? 0))
        let needsFallback = unusedFallbackKeyTypes.map { !$0.contains(CryptoAlgorithm.signedCurve25519) } ?? !keysPublished
        guard !keysPublished || missing > 0 || needsFallback else { return }
        if missing > 0 { account.generateOneTimeKeys(missing) }
        if needsFallback { account.generateFallbackKey() }
        // Saved before the upload: keys the server may get must never be forgotten here.
        try? await saveAccount()
        let oneTimeKeys = account.unpublishedOneTimeKeys.reduce(into: [String: JSONValue]()) { keys, entry in
            keys["\(CryptoAlgorithm.signedCurve25519):\(entry.key)"] = signedKey(entry.value)
        }
        var fallbackKeys: [String: JSONValue] = [:]
        if let fallback = account.unpublishedFallbackKey {
            fallbackKeys["\(CryptoAlgorithm.signedCurve25519):\(fallback.keyID)"] = signedKey(fallback.key, isFallback: true)
        }
        // Spelled out: a bare `nil` would become the JSON value `null` (JSONValue takes nil literals).
        let identity: JSONValue? = keysPublished ? Optional.none : deviceKeys
        _ = try await keys.uploadKeys(deviceKeys: identity, oneTimeKeys: oneTimeKeys, fallbackKeys: fallbackKeys)
        account.markKeysAsPublished()
        keysPublished = true
        try? await saveAccount()
        logger.info("published keys", metadata: ["one_time": "\(oneTimeKeys.count)", "fallback": "\(fallbackKeys.count)"])
    }

    /// A new device publishes its keys during its first sync (`SyncLoop.run` says when), so
    /// others can encrypt for it from then on.
    public func publishKeysIfNew() async throws(MatrixError) {
        guard !keysPublished else { return }
        try await publishKeys(oneTimeKeyCounts: nil, unusedFallbackKeyTypes: nil)
    }

    /// The signed `device_keys` object of this device.
    var deviceKeys: JSONValue {
        let unsigned: JSONValue = [
            "user_id": .string(userID),
            "device_id": .string(deviceID),
            "algorithms": [.string(CryptoAlgorithm.olm), .string(CryptoAlgorithm.megolm)],
            "keys": .object([
                "curve25519:\(deviceID)": .string(account.curve25519Key.base64),
                "ed25519:\(deviceID)": .string(account.ed25519Key.base64),
            ]),
        ]
        return sign(unsigned)
    }

    private func signedKey(_ key: Curve25519PublicKey, isFallback: Bool = false) -> JSONValue {
        var object: [String: JSONValue] = ["key": .string(key.base64)]
        if isFallback { object["fallback"] = .bool(true) }
        return sign(.object(object))
    }

    /// The object with this device's signature. Signing cannot fail for an object built here.
    private func sign(_ object: JSONValue) -> JSONValue {
        let payload = (try? object.signingPayload()) ?? Data()
        guard case .object(var members) = object else { return object }
        let signature = account.signature(for: payload).unpaddedBase64
        members["signatures"] = .object([userID: .object(["ed25519:\(deviceID)": .string(signature)])])
        return .object(members)
    }
}
