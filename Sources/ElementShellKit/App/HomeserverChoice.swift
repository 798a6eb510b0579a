/// Which address `/login HOMESERVER` means: a configured homeserver's name stands for its URL or
/// server name; anything else is taken as typed, unless the profile allows only its own servers.
enum HomeserverChoice {
    static func address(for input: String, profile: Profile, config: ShellConfig) throws(ShellError) -> String {
        if let entry = config.homeservers[input] {
            guard profile.developer.showCustomHomeserver || profile.homeservers.contains(entry.name) else {
                throw .homeserverNotAllowed(input, allowed: profile.homeservers)
            }
            return entry.url ?? entry.serverName ?? input
        }
        guard profile.developer.showCustomHomeserver else {
            // A fork that hides custom homeservers still accepts its own servers by address.
            let allowed = profile.homeservers.compactMap { config.homeservers[$0] }
            if allowed.contains(where: { $0.url == input || $0.serverName == input }) { return input }
            throw .homeserverNotAllowed(input, allowed: profile.homeservers)
        }
        return input
    }
}
