import MatrixJSON

extension MatrixRoomService {
    public func change(_ change: MembershipChange, of userID: String, in roomID: String, reason: String?) async throws(MatrixError) {
        _ = try await client.send(.change(change, of: userID, in: roomID, reason: reason))
    }

    public func knock(_ address: RoomAddress, reason: String?) async throws(MatrixError) -> String {
        try await client.send(.knock(address, reason: reason)).roomID
    }

    public func knocks(roomID: String) async throws(MatrixError) -> [Knock] {
        let members = try await client.send(.members(roomID: roomID, membership: "knock"))["chunk"]?.array ?? []
        return members.compactMap { member in
            guard let userID = member["state_key"]?.string, let content = member["content"] else { return nil }
            return Knock(roomID: roomID, event: SyncEvent(type: "m.room.member", sender: userID, stateKey: userID, content: content))
        }
    }

    public func upgrade(roomID: String, to version: String) async throws(MatrixError) -> String {
        try await client.send(.upgrade(roomID: roomID, to: version)).replacementRoom
    }

    public func powerLevels(roomID: String) async throws(MatrixError) -> PowerLevels {
        let create = try await client.send(.state("m.room.create", of: roomID, asEvent: true))
        return PowerLevels(content: try await client.sendIfPresent(.state("m.room.power_levels", of: roomID)), create: create)
    }

    public func createRoom(_ creation: RoomCreation) async throws(MatrixError) -> String {
        try await client.send(.createRoom(creation)).roomID
    }

    public func userExists(_ userID: String) async throws(MatrixError) -> Bool {
        try await client.sendIfPresent(.profile(of: userID)) != nil
    }

    public func ownDisplayName() async throws(MatrixError) -> String? {
        try await client.send(.profile(of: userID))["displayname"]?.string
    }

    public func setOwnDisplayName(_ name: String) async throws(MatrixError) {
        _ = try await client.send(.setDisplayName(name, of: userID))
    }

    public func directChats() async throws(MatrixError) -> DirectChats {
        DirectChats(content: try await client.sendIfPresent(.accountData("m.direct", userID: userID)))
    }

    public func setDirectChats(_ chats: DirectChats) async throws(MatrixError) {
        _ = try await client.send(.setAccountData(chats.content, type: "m.direct", userID: userID))
    }

    public func setMarkedUnread(_ unread: Bool, in roomID: String) async throws(MatrixError) {
        _ = try await client.send(.setRoomAccountData(MarkedUnread.content(unread), type: MarkedUnread.type, userID: userID, roomID: roomID))
    }
}
