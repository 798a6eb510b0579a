extension MatrixEndpoint where Response == TokenOwner {
    /// `GET /_matrix/client/v3/account/whoami`: who owns the access token.
    static var whoami: Self {
        MatrixEndpoint(method: .get, path: ["_matrix", "client", "v3", "account", "whoami"], isAuthenticated: true)
    }
}
