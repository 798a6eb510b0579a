import MatrixJSON

extension MatrixRoomService {
    public func hierarchy(of spaceID: String, from token: String?) async throws(MatrixError) -> SpaceHierarchyPage {
        try await client.send(.hierarchy(of: spaceID, from: token, limit: 50)).page
    }

    public func publicRooms(server: String?, search: String?, from token: String?, limit: Int) async throws(MatrixError) -> RoomDirectoryPage {
        try await client.send(.publicRooms(server: server, search: search, from: token, limit: limit)).page
    }

    public func state(_ type: String, stateKey: String, of roomID: String) async throws(MatrixError) -> JSONValue? {
        try await client.sendIfPresent(.state(type, stateKey: stateKey, of: roomID))
    }

    public func setState(_ type: String, stateKey: String, content: JSONValue, in roomID: String) async throws(MatrixError) {
        _ = try await client.send(.setState(type, stateKey: stateKey, content: content, roomID: roomID))
    }
}
