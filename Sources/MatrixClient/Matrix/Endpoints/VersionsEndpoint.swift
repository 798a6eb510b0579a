/// `GET /_matrix/client/versions`: the spec versions and unstable features a homeserver supports.
struct SupportedVersions: Decodable, Equatable {
    var versions: [String]
    var unstableFeatures: [String: Bool]?

    enum CodingKeys: String, CodingKey {
        case versions
        case unstableFeatures = "unstable_features"
    }

    /// Whether the server speaks a spec version `v1.x` from v1.1 on, the first with the `/v3`
    /// endpoints this client calls; servers listing only `r0.x.y` predate them.
    var supportsV3Endpoints: Bool {
        versions.contains { version in
            guard version.hasPrefix("v1.") else { return false }
            let minor = version.dropFirst(3)
            return minor.allSatisfy(\.isASCIIDigit) && (Int(minor) ?? 0) >= 1
        }
    }
}

extension MatrixEndpoint where Response == SupportedVersions {
    static var versions: Self {
        MatrixEndpoint(method: .get, path: ["_matrix", "client", "versions"], isAuthenticated: false,
                       maximumResponseBytes: discoveryMaximumResponseBytes)
    }
}
