import MatrixClient

/// What `/directory` produced: rooms numbered for `/join N`, counting on from the pages before.
public enum DirectoryOutcome: Sendable, Equatable {
    case rooms(server: String?, search: RemoteText?, rooms: [SpaceRoomEntry], firstNumber: Int, hasMore: Bool, totalEstimate: Int?)
}

/// Where a directory listing goes on from: what was asked, and how far it got.
struct DirectoryListing: Sendable, Equatable {
    var server: String?
    var search: String?
    var next: String?
}
