import Foundation
import MatrixJSON

/// The answer of `POST /_matrix/client/v3/publicRooms`: one page of a server's room directory.
struct PublicRoomsResponse: Decodable, Sendable {
    var chunk: [HierarchyResponse.Room]
    var nextBatch: String?
    var totalRoomCountEstimate: Int?

    enum CodingKeys: String, CodingKey {
        case chunk, nextBatch = "next_batch", totalRoomCountEstimate = "total_room_count_estimate"
    }

    var page: RoomDirectoryPage {
        RoomDirectoryPage(rooms: chunk.map(\.spaceRoom), next: nextBatch, totalEstimate: totalRoomCountEstimate)
    }
}

extension MatrixEndpoint where Response == PublicRoomsResponse {
    /// The rooms `server` (the user's own without it) lists, those matching `search` where given,
    /// `limit` of them from `token` on.
    static func publicRooms(server: String?, search: String?, from token: String?, limit: Int) -> Self {
        var body: [String: JSONValue] = ["limit": .integer(Int64(limit))]
        if let token { body["since"] = .string(token) }
        if let search { body["filter"] = ["generic_search_term": .string(search)] }
        return MatrixEndpoint(method: .post, path: ["_matrix", "client", "v3", "publicRooms"],
                              query: server.map { [URLQueryItem(name: "server", value: $0)] } ?? [], body: JSONValue.object(body),
                              isAuthenticated: true)
    }
}
