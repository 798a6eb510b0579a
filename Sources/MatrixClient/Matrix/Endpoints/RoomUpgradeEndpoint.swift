/// The answer of `/upgrade`: the room that replaces the old one.
struct UpgradedRoom: Decodable, Sendable {
    var replacementRoom: String

    enum CodingKeys: String, CodingKey {
        case replacementRoom = "replacement_room"
    }
}

extension MatrixEndpoint where Response == UpgradedRoom {
    /// `POST /rooms/{roomId}/upgrade`: the server makes the new room, moves its state over and
    /// ends the old one with a tombstone.
    static func upgrade(roomID: String, to version: String) -> Self {
        MatrixEndpoint(method: .post, path: ["_matrix", "client", "v3", "rooms", roomID, "upgrade"],
                       body: ["new_version": version] as [String: String], isAuthenticated: true)
    }
}
