import Foundation
import MatrixJSON

/// The spec's "Signing JSON": the signature covers the canonical JSON of the object without its
/// `signatures` and `unsigned` members, and goes into `signatures[entity]["ed25519:KEY_ID"]`.
extension JSONValue {
    static let unsignedMembers: Set<String> = ["signatures", "unsigned"]

    /// The bytes a signature of this object covers.
    public func signingPayload() throws -> Data {
        guard case .object(let members) = self else { throw MatrixCryptoError.notAnObject }
        return try JSONValue.object(members.filter { !Self.unsignedMembers.contains($0.key) })
            .canonicalEncoding()
    }

    /// This object with a signature by `key` added under `entity` (a user ID or server name),
    /// keeping the signatures already there.
    public func signed(by key: Ed25519SigningKey, entity: String, keyID: String) throws -> JSONValue {
        try signed(entity: entity, keyID: keyID) { key.signature(for: $0) }
    }

    /// As `signed(by:entity:keyID:)`, for a signer that keeps its key to itself (`OlmAccount`).
    func signed(entity: String, keyID: String, signature sign: (Data) -> Data) throws -> JSONValue {
        guard case .object(var members) = self else { throw MatrixCryptoError.notAnObject }
        let signature = sign(try signingPayload()).unpaddedBase64
        var signatures: [String: JSONValue] = [:]
        if case .object(let existing)? = members["signatures"] { signatures = existing }
        var entitySignatures: [String: JSONValue] = [:]
        if case .object(let existing)? = signatures[entity] { entitySignatures = existing }
        entitySignatures["ed25519:\(keyID)"] = .string(signature)
        signatures[entity] = .object(entitySignatures)
        members["signatures"] = .object(signatures)
        return .object(members)
    }

    /// Whether `signatures[entity]["ed25519:KEY_ID"]` is a valid signature of this object by `key`.
    public func hasValidSignature(by key: Ed25519PublicKey, entity: String, keyID: String) -> Bool {
        guard case .object(let members) = self,
            case .object(let signatures)? = members["signatures"],
            case .object(let entitySignatures)? = signatures[entity],
            case .string(let encoded)? = entitySignatures["ed25519:\(keyID)"],
            let signature = Data(unpaddedBase64: encoded),
            let payload = try? signingPayload()
        else { return false }
        return key.isValidSignature(signature, for: payload)
    }
}
