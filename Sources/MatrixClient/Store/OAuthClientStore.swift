import Foundation

/// The client IDs this app got from each authorization server (`oauth-clients.json` in the
/// profile's data directory, mode 0600), so that it registers once per server, not per login.
public actor OAuthClientStore {
    private let file: URL

    public init(directory: URL) {
        file = directory.appending(path: "oauth-clients.json")
    }

    /// The client ID registered with `issuer`, if any.
    public func clientID(for issuer: String) -> String? {
        read()[issuer]
    }

    public func save(_ clientID: String, for issuer: String) throws {
        var clients = read()
        clients[issuer] = clientID
        try write(clients)
    }

    /// Forgets a client the server no longer knows, so the next login registers again.
    public func remove(for issuer: String) throws {
        var clients = read()
        guard clients.removeValue(forKey: issuer) != nil else { return }
        try write(clients)
    }

    private func write(_ clients: [String: String]) throws {
        try PrivateDirectory.create(at: file.deletingLastPathComponent())
        try PrivateFile.write(try JSONEncoder().encode(clients), to: file)
    }

    private func read() -> [String: String] {
        guard let data = try? Data(contentsOf: file) else { return [:] }
        return (try? JSONDecoder().decode([String: String].self, from: data)) ?? [:]
    }
}
