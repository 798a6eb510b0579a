/// A verification as the app shows it: who with, where it stands, and what to compare. Every
/// change of a flow is reported as a new summary.
public struct VerificationSummary: Sendable, Equatable {
    public enum State: Sendable, Equatable {
        /// We asked; the other side has not answered.
        case requested
        /// They asked; the user accepts or declines.
        case incoming
        /// Accepted; the exchange of keys is under way.
        case started
        /// Our QR code is shown for the other device to scan; the user may choose emoji instead.
        case showingQRCode
        /// The emoji or numbers are shown; the user says whether they match.
        case comparing
        /// The other device scanned our code; the user says whether it reports success.
        case reciprocated
        /// The user confirmed; the other side has not yet.
        case confirmed
        case done
        case cancelled(VerificationCancelCode, byUs: Bool)
    }

    /// What a finished verification made trusted.
    public struct Outcome: Sendable, Equatable {
        /// The other device is now verified here.
        public var device: Bool
        /// The other user's identity (master key) was verified and signed with our user-signing
        /// key; `false` where this device lacks it or the other side sent no master key.
        public var identity: Bool
        /// Own devices: this device asked the other for the secrets it lacks.
        public var requestedSecrets: Bool
    }

    /// Short, shown: `/verification confirm 2`.
    public let number: Int
    public let flowID: String
    public let otherUserID: String
    /// Between two devices of this account.
    public let isOwnUser: Bool
    public let otherDeviceID: String?
    /// The direct chat it runs in; `nil` to-device.
    public let roomID: String?
    public let isIncoming: Bool
    public let state: State
    /// Indices into the SAS emoji table, when both sides do emoji.
    public let emojiIndices: [Int]?
    public let decimals: [Int]?
    /// The bytes of the QR code to show (`m.qr_code.show.v1`), while it is shown.
    public let qrCode: [UInt8]?
    public let outcome: Outcome?
    /// With another person, once done: which of the two lacks cross-signing (why the person is
    /// not verified, only the device).
    public var crossSigningGaps = CrossSigningGaps()
}
