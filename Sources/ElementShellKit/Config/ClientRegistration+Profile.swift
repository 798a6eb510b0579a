import MatrixClient

extension ClientRegistration {
    /// How `profile` presents itself: its app name, and its OIDC options or its website.
    public init(for profile: Profile) {
        self.init(clientName: profile.appName, clientURI: profile.oidc.clientURI ?? profile.websiteURL, logoURI: profile.oidc.logoURI,
                  termsOfServiceURI: profile.oidc.termsOfServiceURI, policyURI: profile.oidc.policyURI)
    }
}
