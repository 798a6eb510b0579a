/// The HKDF info strings of SAS verification ("SAS HKDF calculation", "MAC calculation"), which
/// bind what is derived to both devices, both ephemeral keys and the transaction.
public enum SASInfo {
    /// The key ID under which the MAC of the key list is calculated.
    public static let keyListID = "KEY_IDS"

    /// For the short authentication string with `curve25519-hkdf-sha256`: the parts joined by `|`,
    /// the starting device's first. The keys are the unpadded base64 of `m.key.verification.key`.
    public static func shortAuthenticationString(
        starting: SASParty, startingKey: String, accepting: SASParty, acceptingKey: String, transactionID: String
    ) -> String {
        [
            "MATRIX_KEY_VERIFICATION_SAS", starting.userID, starting.deviceID, startingKey,
            accepting.userID, accepting.deviceID, acceptingKey, transactionID,
        ].joined(separator: "|")
    }

    /// For the MAC of one key (`keyID` such as `ed25519:DEVICE`) or of the key list
    /// (`keyListID`), as `sender` sends it to `receiver`. `hkdf-hmac-sha256.v2` has no separators.
    public static func mac(sender: SASParty, receiver: SASParty, transactionID: String, keyID: String) -> String {
        "MATRIX_KEY_VERIFICATION_MAC" + sender.userID + sender.deviceID + receiver.userID + receiver.deviceID
            + transactionID + keyID
    }
}
