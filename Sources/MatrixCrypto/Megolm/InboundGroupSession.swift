import Foundation

/// A message decrypted by an `InboundGroupSession`, with the ratchet index it was sent at (for
/// replay checks, "Message Replays").
public struct DecryptedGroupMessage: Sendable, Equatable {
    public let plaintext: Data
    public let messageIndex: UInt32
}

/// The receiving side of a Megolm session. It keeps the earliest ratchet it was given so any
/// later message stays decryptable ("Advancing the ratchet"), and winds a copy forwards for each
/// message: from the latest ratchet it decrypted with when that is not past the message.
public struct InboundGroupSession: Sendable, CustomStringConvertible {
    private let firstRatchet: MegolmRatchet
    private let signingKey: Ed25519PublicKey
    private let latestRatchet = LatestRatchet()

    /// From the signed "Session sharing format", whose signature must match its public key.
    public init(sessionKey: MegolmSessionKey) throws {
        guard let data = Data(unpaddedBase64: sessionKey.base64) else { throw MatrixCryptoError.invalidBase64 }
        let signatureSize = Ed25519PublicKey.signatureByteCount
        let (ratchet, publicKey) = try MegolmSessionFormat.decode(
            data, version: MegolmSessionFormat.sharingVersion, trailingByteCount: signatureSize)
        guard publicKey.isValidSignature(data.suffix(signatureSize), for: data.dropLast(signatureSize)) else {
            throw MatrixCryptoError.badSignature
        }
        firstRatchet = ratchet
        signingKey = publicKey
    }

    /// From the unsigned "Session export format" (key backup, forwarded keys): its origin must be
    /// trusted by other means.
    public init(exportedKey: MegolmSessionKey) throws {
        guard let data = Data(unpaddedBase64: exportedKey.base64) else { throw MatrixCryptoError.invalidBase64 }
        (firstRatchet, signingKey) = try MegolmSessionFormat.decode(
            data, version: MegolmSessionFormat.exportVersion, trailingByteCount: 0)
    }

    public var sessionID: String { signingKey.base64 }

    /// The earliest message index this session can decrypt.
    public var firstKnownIndex: UInt32 { firstRatchet.index }

    /// Decrypts an `m.megolm.v1.aes-sha2` ciphertext (unpadded base64) after checking its
    /// signature and MAC.
    public func decrypt(_ ciphertext: String) throws -> DecryptedGroupMessage {
        guard let data = Data(unpaddedBase64: ciphertext) else { throw MatrixCryptoError.invalidBase64 }
        let signatureSize = Ed25519PublicKey.signatureByteCount
        let macSize = CipherKeys.macByteCount
        guard data.count > signatureSize + macSize else { throw MatrixCryptoError.malformed("Megolm message length") }
        let signed = data.dropLast(signatureSize)
        guard signingKey.isValidSignature(data.suffix(signatureSize), for: signed) else {
            throw MatrixCryptoError.badSignature
        }
        let authenticated = Data(signed.dropLast(macSize))
        let message = try MegolmMessage(authenticatedBytes: authenticated)
        guard message.index >= firstKnownIndex else {
            throw MatrixCryptoError.unknownMessageIndex(message.index, firstKnown: firstKnownIndex)
        }
        let ratchet = self.ratchet(at: message.index)
        let keys = CipherKeys(secret: ratchet.bytes, purpose: .megolm)
        guard keys.isValidMAC(Data(signed.suffix(macSize)), for: authenticated) else { throw MatrixCryptoError.badMAC }
        let plaintext = try keys.decrypt(message.ciphertext)
        // Only a ratchet that decrypted a genuine message is kept.
        latestRatchet.offer(ratchet)
        return DecryptedGroupMessage(plaintext: plaintext, messageIndex: message.index)
    }

    /// The "Session export format" at `index`, or nil when that is before the first known index.
    public func export(at index: UInt32) -> MegolmSessionKey? {
        guard index >= firstKnownIndex else { return nil }
        let data = MegolmSessionFormat.encode(ratchet(at: index), publicKey: signingKey, version: MegolmSessionFormat.exportVersion)
        return MegolmSessionKey(base64: data.unpaddedBase64)
    }

    /// The ratchet at `index`, which must not be before the first known index.
    private func ratchet(at index: UInt32) -> MegolmRatchet {
        var ratchet = latestRatchet.ratchet(notAfter: index) ?? firstRatchet
        ratchet.advance(to: index)
        return ratchet
    }

    public var description: String { "InboundGroupSession(\(sessionID), from index \(firstKnownIndex))" }
}
