/// A homeserver profiles can refer to by name. At least one of `serverName` and `url` is set;
/// when both are, `url` is used and `serverName` is only shown.
public struct HomeserverEntry: Sendable, Equatable {
    public var name: String
    /// The Matrix server name, whose client base URL is discovered through `/.well-known/matrix/client`.
    public var serverName: String?
    /// The client-server API base URL, used as is.
    public var url: String?

    public init(name: String, serverName: String?, url: String?) {
        self.name = name
        self.serverName = serverName
        self.url = url
    }
}
