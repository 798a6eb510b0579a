import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// Which way `/login` signs in, for every mix of what was typed and what the server offers.
struct LoginChoiceTests {
    static let github = IdentityProvider(id: "oidc-github", name: "GitHub")
    static let google = IdentityProvider(id: "oidc-google", name: "Google")
    static let passwordOnly = OfferedLogins(password: true, identityProviders: nil)
    static let ssoOnly = OfferedLogins(password: false, identityProviders: [github, google])
    static let both = OfferedLogins(password: true, identityProviders: [github, google])

    func choose(_ request: LoginRequest, _ offered: OfferedLogins) -> Result<ChosenLogin, LoginError> {
        Result { () throws(LoginError) in try LoginChoice.choose(request, offered: offered) }
    }

    @Test func aPasswordServerBehavesAsBefore() {
        #expect(choose(LoginRequest(homeserver: "hs", user: "alice"), Self.passwordOnly) == .success(.password(user: "alice")))
        #expect(choose(LoginRequest(homeserver: "hs"), Self.passwordOnly) == .failure(.userRequired))
        #expect(choose(LoginRequest(homeserver: "hs", method: .sso), Self.passwordOnly) == .failure(.notOffered(.sso)))
    }

    @Test func withoutAUserSingleSignOnComesFirst() {
        #expect(choose(LoginRequest(homeserver: "hs"), Self.both) == .success(.sso(provider: nil, user: nil)))
        #expect(choose(LoginRequest(homeserver: "hs", user: "alice"), Self.both) == .success(.password(user: "alice")))
    }

    @Test func aServerWithoutPasswordsSignsInBySingleSignOnEvenWithAUser() {
        #expect(choose(LoginRequest(homeserver: "hs", user: "alice"), Self.ssoOnly) == .success(.sso(provider: nil, user: "alice")))
        #expect(choose(LoginRequest(homeserver: "hs", user: "alice", method: .password), Self.ssoOnly) == .failure(.notOffered(.password)))
    }

    @Test func aFlagForcesItsKind() {
        #expect(choose(LoginRequest(homeserver: "hs", user: "alice", method: .sso), Self.both) == .success(.sso(provider: nil, user: "alice")))
        #expect(choose(LoginRequest(homeserver: "hs", method: .password), Self.both) == .failure(.userRequired))
    }

    @Test func aProviderIsFoundByIDNameOrShortID() {
        for name in ["oidc-github", "GitHub", "github", "GITHUB"] {
            #expect(choose(LoginRequest(homeserver: "hs", method: .sso, identityProvider: name), Self.both)
                == .success(.sso(provider: Self.github, user: nil)), "\(name)")
        }
        #expect(choose(LoginRequest(homeserver: "hs", user: "alice", identityProvider: "Google"), Self.both)
            == .success(.sso(provider: Self.google, user: "alice")), "naming a provider means single sign-on")
        #expect(choose(LoginRequest(homeserver: "hs", method: .sso, identityProvider: "gitlab"), Self.both)
            == .failure(.unknownIdentityProvider("gitlab", offered: ["GitHub", "Google"])))
    }

    @Test func oauthComesFirstWhereTheServerDelegatesToIt() throws {
        let metadata = AuthMetadata(issuer: "https://auth.example/", tokenEndpoint: URL(string: "https://auth.example/token")!,
                                    registrationEndpoint: URL(string: "https://auth.example/register")!,
                                    deviceAuthorizationEndpoint: URL(string: "https://auth.example/device")!)
        // matrix.org's compatibility layer still lists passwords and SSO beside OAuth 2.0.
        let delegated = OfferedLogins(oauth: metadata, password: true, identityProviders: [Self.github])
        #expect(choose(LoginRequest(homeserver: "hs"), delegated) == .success(.oauth(metadata, user: nil)))
        #expect(choose(LoginRequest(homeserver: "hs", user: "alice"), delegated) == .success(.oauth(metadata, user: "alice")))
        #expect(choose(LoginRequest(homeserver: "hs", user: "alice", method: .password), delegated) == .success(.password(user: "alice")))
        #expect(choose(LoginRequest(homeserver: "hs", method: .sso), delegated) == .success(.sso(provider: nil, user: nil)))
        #expect(choose(LoginRequest(homeserver: "hs", method: .oauth), Self.both) == .failure(.notOffered(.oauth)))
        #expect(try CommandParser.parse("/login hs --oauth") == .session(.login(LoginRequest(homeserver: "hs", method: .oauth))))
    }

    @Test func aServerOfferingNeitherIsUnsupported() {
        #expect(choose(LoginRequest(homeserver: "hs", user: "alice"), .none) == .failure(.noUsableMethod))
        #expect(choose(LoginRequest(homeserver: "hs", method: .sso), .none) == .failure(.notOffered(.sso)))
    }

    @Test(arguments: [
        ("", LoginRequest(homeserver: "hs")),
        ("alice", LoginRequest(homeserver: "hs", user: "alice")),
        ("\"al ice\" --password", LoginRequest(homeserver: "hs", user: "al ice", method: .password)),
        ("--sso", LoginRequest(homeserver: "hs", method: .sso)),
        ("alice --sso My IdP", LoginRequest(homeserver: "hs", user: "alice", method: .sso, identityProvider: "My IdP")),
    ])
    func readsWhatWasTyped(text: String, expected: LoginRequest) throws {
        #expect(try CommandParser.parse("/login hs " + text) == .session(.login(expected)))
    }

    @Test(arguments: ["--oauth2", "alice bob", "--password extra", "--sso a --password", "alice --", "'open"])
    func refusesWhatItCannotRead(text: String) {
        #expect(throws: CommandParseError.self) { try CommandParser.parse("/login hs " + text) }
    }
}
