import MatrixClient

extension AppState {
    /// The cells of the joined spaces among `listed` when the profile groups rooms under them:
    /// each with the newest message among the rooms it groups.
    func spaceCells(for listed: [RoomRecord]) async -> [String: SpaceCell] {
        guard state.profile.developer.groupSpaceRooms else { return [:] }
        let spaces = listed.filter { $0.isSpace && $0.membership == .join }
        guard !spaces.isEmpty else { return [:] }
        let grouped = spaces.map { ($0, SpaceGrouping.children(of: $0, in: state.rooms).map(\.roomID)) }
        let previews = await previews(of: grouped.flatMap(\.1))
        return Dictionary(grouped.map { space, children in
            let latest = children.compactMap { previews[$0] }.max { $0.timestamp < $1.timestamp }
            return (space.roomID, SpaceCell(joinedMemberCount: space.joinedMemberCount, latest: latest))
        }) { first, _ in first }
    }

    /// The newest message of each of these rooms that the store holds one of, by room ID.
    func previews(of roomIDs: [String]) async -> [String: RoomPreview] {
        guard let store = state.store, !roomIDs.isEmpty else { return [:] }
        let newest: [(message: MessageRecord, senderName: String?)]
        do {
            newest = try await store.newestMessages(inRooms: roomIDs)
        } catch {
            // The list still shows; only the previews are missing.
            logger.error("The rooms' newest messages could not be read: \(String(describing: error))")
            return [:]
        }
        return Dictionary(newest.map { message, senderName in
            let roomName = self.roomName(of: message.roomID)
            return (message.roomID, RoomPreview(roomID: message.roomID, roomName: roomName, senderName: RemoteText(senderName ?? message.sender),
                                                body: RemoteText(message.plainText), timestamp: message.originServerTS, msgtype: message.msgtype,
                                                isRedacted: message.isRedacted, decryptionFailure: message.decryptionFailure))
        }) { first, _ in first }
    }
}
