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
        // Numbered on from the list as it stands now, in the step that extends it.
        let firstNumber = commit { state in
            let earlier = continuing ? state.shownJoinableRooms : []
            state.shownJoinableRooms = earlier + rooms
            state.directoryListing = DirectoryListing(server: listing.server, search: listing.search, next: page.next)
            return earlier.count + 1
        }
        return finish(.directory(.rooms(server: listing.server, search: listing.search.map { RemoteText($0) }, rooms: rooms,
                                        firstNumber: firstNumber, hasMore: page.next != nil, totalEstimate: page.totalEstimate)))
    }
}
