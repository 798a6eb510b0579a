/// Interactive key verification: comparing emoji with another own device or with another person.
/// A flow is named by the number the shell shows (or its ID); without one, the only one running.
public enum VerificationAction: Sendable, Equatable {
    /// `/verify`: this device with another own device; every other own device is asked.
    case requestOwnDevices
    /// `/verify USER`: another person, in the direct chat with them. `forced` (`/verify!`):
    /// without looking them and their devices up first.
    case requestUser(user: String, forced: Bool = false)
    /// `/verify USER DEVICE`: one device, to-device.
    case requestDevice(user: String, deviceID: String)
    /// `/verification`: those of this run, running or ended.
    case list
    case accept(String?)
    /// Compare emoji instead of letting the other device scan the QR code shown.
    case startEmoji(String?)
    /// The emoji (or numbers) match, or the other device says it scanned our code.
    case confirm(String?)
    /// They do not, or it did not: cancelled on both sides.
    case mismatch(String?)
    case cancel(String?)
    /// `/wait verification`: until a verification needs the user or ends.
    case wait(timeout: Double)
}

extension VerificationAction {
    /// The command whose result this is.
    var command: CommandName {
        switch self {
        case .requestOwnDevices, .requestUser, .requestDevice: .verify
        case .wait: .wait
        case .list, .accept, .startEmoji, .confirm, .mismatch, .cancel: .verification
        }
    }
}
