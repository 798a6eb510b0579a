extension MatrixRoomService {
    public func hierarchy(of spaceID: String, from token: String?) async throws(MatrixError) -> SpaceHierarchyPage {
        try await client.send(.hierarchy(of: spaceID, from: token, limit: 50)).page
    }
}
