extension MatrixEndpoint where Response == EmptyResponse {
    /// `POST /_matrix/client/v3/logout`: invalidates the access token and deletes its device.
    static var logout: Self {
        MatrixEndpoint(method: .post, path: ["_matrix", "client", "v3", "logout"], isAuthenticated: true)
    }
}
