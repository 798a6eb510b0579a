/// `GET /_matrix/client/versions`: the spec versions and unstable features a homeserver supports.
struct SupportedVersions: Decodable, Equatable {
    var versions: [String]
    var unstableFeatures: [String: Bool]?

    enum CodingKeys: String, CodingKey {
        case versions
        case unstableFeatures = "unstable_features"
    }
}

extension MatrixEndpoint where Response == SupportedVersions {
    static var versions: Self {
        MatrixEndpoint(method: .get, path: ["_matrix", "client", "versions"], isAuthenticated: false, timeout: 15)
    }
}
