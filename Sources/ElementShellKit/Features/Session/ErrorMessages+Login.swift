import MatrixClient

extension ErrorMessages {
    static func message(for error: LoginError) -> String {
        switch error {
        case .noUsableMethod: L10n.errorUnsupportedLoginFlow
        case .notOffered(.password): L10n.errorLoginPasswordNotOffered
        case .notOffered(.sso): L10n.errorLoginSsoNotOffered
        case .notOffered(.oauth): L10n.errorLoginOauthNotOffered
        case .deviceCodeDenied: L10n.errorLoginDeviceCodeDenied
        case .deviceCodeExpired: L10n.errorLoginDeviceCodeExpired
        case .authorizationServer(let code): L10n.errorLoginAuthorizationServer(code.shown)
        case .userRequired: L10n.errorLoginUserRequired
        case .unknownIdentityProvider(let name, let offered):
            L10n.errorLoginUnknownIdentityProvider(clean(name), offered.map(\.shown).joined(separator: ", "))
        case .timedOut(let seconds): L10n.errorLoginSsoTimedOut(seconds)
        case .refusedInBrowser(let reason): L10n.errorLoginSsoRefused(reason.shown)
        case .redirectUnavailable: L10n.errorLoginRedirectUnavailable
        }
    }
}

extension ErrorCodes {
    static func code(for error: LoginError) -> String {
        switch error {
        case .noUsableMethod: "unsupported_login_flow"
        case .notOffered(.password): "password_login_not_offered"
        case .notOffered(.sso): "sso_not_offered"
        case .notOffered(.oauth): "oauth_not_offered"
        case .deviceCodeDenied: "login_denied"
        case .deviceCodeExpired: "device_code_expired"
        case .authorizationServer: "authorization_server_error"
        case .userRequired: "login_user_required"
        case .unknownIdentityProvider: "unknown_identity_provider"
        case .timedOut: "login_timed_out"
        case .refusedInBrowser: "login_refused"
        case .redirectUnavailable: "login_redirect_unavailable"
        }
    }
}
