/// Why an encrypted attachment was not decrypted.
public enum AttachmentError: Error, Equatable, Sendable {
    /// The ciphertext is not what the event's hash describes: damaged, cut short or replaced.
    case hashMismatch
    /// A key of another size than 32 bytes or an IV of another than 16.
    case malformedKeys
}
