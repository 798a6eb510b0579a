import MatrixClient

extension AppState {
    /// Rooms asked of the directory at a time.
    nonisolated static let directoryPageSize = 20

    func send(_ action: DirectoryAction, in signedIn: SessionContext) async -> Bool {
        switch action {
        case .browse(let search, let server):
            return await listDirectory(DirectoryListing(server: server, search: search), continuing: false, as: signedIn)
        case .more:
            guard let listing = state.directoryListing, listing.next != nil else { return finish(.failure(.noMoreRooms)) }
            return await listDirectory(listing, continuing: true, as: signedIn)
        }
    }

    /// One page of the directory, numbered on from the last page where it continues one, so
    /// `/join N` finds any room listed since the first.
    private func listDirectory(_ listing: DirectoryListing, continuing: Bool, as signedIn: SessionContext) async -> Bool {
        let page: RoomDirectoryPage
        do {
            page = try await signedIn.services.rooms.publicRooms(server: listing.server, search: listing.search, from: listing.next,
                                                                  limit: Self.directoryPageSize)
        } catch {
            return finish(.failure(.matrix(error)))
        }
        // Joined through the server that lists them, else through ours.
        let via = [listing.server ?? RoomName.serverName(of: signedIn.session.userID)]
        let rooms = page.rooms.map { SpaceRoomEntry($0, via: via, membership: state.rooms[$0.roomID]?.membership) }
        let firstNumber = (continuing ? state.shownJoinableRooms.count : 0) + 1
        commit { state in
            state.shownJoinableRooms = (continuing ? state.shownJoinableRooms : []) + rooms
            state.directoryListing = DirectoryListing(server: listing.server, search: listing.search, next: page.next)
        }
        return finish(.directory(.rooms(server: listing.server, search: listing.search.map { RemoteText($0) }, rooms: rooms,
                                        firstNumber: firstNumber, hasMore: page.next != nil, totalEstimate: page.totalEstimate)))
    }
}
