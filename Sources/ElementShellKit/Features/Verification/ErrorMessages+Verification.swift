import MatrixClient

extension ErrorMessages {
    static func message(for error: VerificationError) -> String {
        switch error {
        case .none: L10n.errorVerificationNone
        case .ambiguous(let numbers): L10n.errorVerificationAmbiguous(numbers.map(String.init).joined(separator: ", "))
        case .notFound(let reference): L10n.errorVerificationNotFound(clean(reference))
        case .notNow(let number): L10n.errorVerificationNotNow("\(number)")
        case .noOtherDevice: L10n.errorVerificationNoOtherDevice
        case .unknownDevice(let userID, let deviceID): L10n.errorVerificationUnknownDevice(clean(deviceID), clean(userID))
        case .server(let error): message(for: error)
        }
    }
}

extension ErrorCodes {
    static func code(for error: VerificationError) -> String {
        switch error {
        case .none: "no_verification"
        case .ambiguous: "verification_ambiguous"
        case .notFound: "unknown_verification"
        case .notNow: "verification_step_unexpected"
        case .noOtherDevice: "no_other_device"
        case .unknownDevice: "unknown_device"
        case .server(let error): code(for: error)
        }
    }
}
