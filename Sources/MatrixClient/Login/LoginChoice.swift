/// Picks how `/login` signs in, from what was typed and what the server offers: OAuth 2.0 where
/// the server delegates to it (its accounts have no other way in), else single sign-on when
/// offered and no user was typed (such accounts may have no password at all), else a password;
/// a flag forces its kind.
public enum LoginChoice {
    public static func choose(_ request: LoginRequest, offered: OfferedLogins) throws(LoginError) -> ChosenLogin {
        let method = request.method ?? (request.identityProvider != nil ? .sso : nil)
        switch method {
        case .password?:
            guard offered.password else { throw .notOffered(.password) }
            return try password(for: request)
        case .sso?:
            return try sso(for: request, offered: offered)
        case .oauth?:
            guard let metadata = offered.oauth else { throw .notOffered(.oauth) }
            return .oauth(metadata, user: request.user)
        case nil:
            if let metadata = offered.oauth { return .oauth(metadata, user: request.user) }
            guard offered.password || offered.sso else { throw .noUsableMethod }
            if offered.sso, request.user == nil || !offered.password { return try sso(for: request, offered: offered) }
            guard offered.password else { throw .notOffered(.password) }
            return try password(for: request)
        }
    }

    private static func password(for request: LoginRequest) throws(LoginError) -> ChosenLogin {
        guard let user = request.user else { throw .userRequired }
        return .password(user: user)
    }

    private static func sso(for request: LoginRequest, offered: OfferedLogins) throws(LoginError) -> ChosenLogin {
        guard let providers = offered.identityProviders else { throw .notOffered(.sso) }
        guard let wanted = request.identityProvider else { return .sso(provider: nil, user: request.user) }
        guard let provider = provider(named: wanted, among: providers) else {
            throw .unknownIdentityProvider(wanted, offered: providers.map { RemoteText($0.name) })
        }
        return .sso(provider: provider, user: request.user)
    }

    /// By ID (`oidc-github`, or without Synapse's `oidc-` prefix) or by name, in any case.
    static func provider(named wanted: String, among providers: [IdentityProvider]) -> IdentityProvider? {
        let wanted = wanted.lowercased()
        return providers.first { $0.id.lowercased() == wanted }
            ?? providers.first { $0.name.lowercased() == wanted }
            ?? providers.first { $0.id.lowercased().split(separator: "-", maxSplits: 1).last.map(String.init) == wanted }
    }
}
