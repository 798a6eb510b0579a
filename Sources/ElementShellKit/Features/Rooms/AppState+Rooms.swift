import Foundation
import MatrixClient

extension AppState {
    nonisolated static let openedHistory = 20

    func send(_ action: RoomAction, in context: CommandContext) async -> Bool {
        switch action {
        case .list:
            let listed = listedRooms
            return finish(.room(.list(listed.map(entry), spaceCells: await spaceCells(for: listed))))
        case .open(let target):
            return await open(target, in: context.signedIn)
        case .join(let target):
            return await join(target, as: context.signedIn)
        case .leave(let target):
            return await leave(target, in: context)
        case .forget(let target):
            return await forget(target, in: context.signedIn)
        case .history(let count):
            return await history(count, in: context.openRoom)
        case .search(let text, let everywhere):
            return await search(text, everywhere: everywhere, in: context)
        case .members:
            return await members(in: context.openRoom)
        case .text(let kind, let text, let target):
            switch actingRoom(target, in: context) {
            case .success(let room): return await roomText(kind, set: text, in: room)
            case .failure(let error): return finish(.failure(error))
            }
        case .joinRule(let request, let target):
            switch actingRoom(target, in: context) {
            case .success(let room): return await joinRule(request, in: room)
            case .failure(let error): return finish(.failure(error))
            }
        case .listUnread:
            // Numbered as `/rooms` shows them (spaces grouped or not), so `/open N` agrees.
            let listed = listedRooms
            let unread = zip(NumberedRoom.numbering(listed.map(entry)), listed).filter { $0.1.isUnread && !isMuted($0.1.roomID) }
            return finish(.room(.unread(unread.map(\.0), spaceCells: await spaceCells(for: unread.map(\.1)))))
        case .markRead(let target):
            return await markRead(target, in: context)
        case .markUnread(let target):
            return await markUnread(target, in: context)
        case .news:
            return finish(.room(.news(RoomNews.ordered(state.rooms.values.filter { !isMuted($0.roomID) }, numberedAs: listedRooms))))
        case .last(let count):
            return await last(count, in: context.openRoom)
        }
    }

    /// The newest messages of the open room or thread, read as `/open` and `/history` read them;
    /// `/history`'s place is left where it is.
    private func last(_ count: Int, in room: RoomContext) async -> Bool {
        // Named as the prompt names it when the command began, whatever the reads meet.
        let name = RemoteText(promptValues().room ?? room.roomID)
        do {
            let messages = try await page(of: room, before: nil, limit: count)
            let surroundings = await surroundings(of: messages)
            return finish(.room(.recent(roomName: name, messages: views(of: messages, with: surroundings))))
        } catch {
            return finish(.failure(.storeUnavailable))
        }
    }

    private func members(in room: RoomContext) async -> Bool {
        let roomID = room.roomID, synced = state.memberNamesSynced
        do {
            let joined = try await room.services.rooms.joinedMembers(roomID: roomID)
            let records = joined.map { MemberRecord(roomID: roomID, userID: $0.key, displayName: $0.value) }
            let names = MemberNames.unique(records)
            // Kept only while the room is still the open one (a line `/after` ran, or the session
            // ended, meanwhile), and unless sync brought newer names while the server answered.
            commit { state in
                if roomID == state.currentRoomID, state.memberNamesSynced == synced { state.memberNames = names }
            }
            let listed = records.map { MemberEntry(userID: $0.userID, name: RemoteText(names[$0.userID] ?? $0.userID)) }
            return finish(.room(.members(listed.sorted { $0.name.unsanitized.lowercased() < $1.name.unsanitized.lowercased() })))
        } catch {
            return finish(.failure(.matrix(error)))
        }
    }

    private func roomText(_ kind: RoomText, set text: String?, in room: RoomContext) async -> Bool {
        guard let text else {
            let record = state.rooms[room.roomID]
            return finish(.room(.text(kind, (kind == .name ? record?.name : record?.topic).map { RemoteText($0) })))
        }
        do {
            try await room.services.rooms.setText(kind, of: room.roomID, to: text)
            return finish(.room(.textChanged(kind)))
        } catch {
            return finish(.failure(.matrix(error)))
        }
    }

    /// Older messages of the open room: what the store has, then pages from the server, which
    /// the store keeps for next time. All is read from where `/history` stood when the command
    /// began; the cursor moves and the page is listed after the reads, without suspending.
    private func history(_ count: Int, in room: RoomContext) async -> Bool {
        let (roomID, store) = (room.roomID, room.store)
        let (thread, cursor) = (state.currentThreadRoot, state.historyCursor)
        do {
            var older = try await page(of: room, before: cursor, limit: count)
            if older.count < count, let token = try await store.room(roomID)?.previousBatch, !token.isEmpty {
                logMalformed(try await OlderHistory.fetch(count, of: roomID, from: token, into: store, through: room.services.rooms, decryptingWith: state.crypto))
                older = try await store.messages(in: roomID, thread: thread, before: cursor, limit: count)
            }
            let surroundings = await surroundings(of: older)
            // A gap sync found meanwhile moved `/history` to it, as it said: that stands.
            commit { state in
                if state.historyCursor == cursor { state.historyCursor = older.first?.seq ?? cursor }
            }
            return finish(.room(.history(views(of: older, with: surroundings))))
        } catch let error as MatrixError {
            return finish(.failure(.matrix(error)))
        } catch {
            return finish(.failure(.storeUnavailable))
        }
    }

    /// Up to `limit` messages of the open room or thread before `cursor` (the newest without
    /// one): from the timeline held in memory when it holds them all, else from the store.
    private func page(of room: RoomContext, before cursor: Int64?, limit: Int) async throws -> [MessageRecord] {
        let thread = state.currentThreadRoot
        if thread == nil, let held = state.timelines[room.roomID]?.page(before: cursor, limit: limit) { return held }
        return try await room.store.messages(in: room.roomID, thread: thread, before: cursor, limit: limit)
    }

    private func join(_ target: String, as signedIn: SessionContext) async -> Bool {
        let services = signedIn.services
        let listed = shownJoinableRoom(target)
        // A number is only ever one of the list `/space` or `/directory` showed, never a room of `/rooms`.
        let known = listed == nil && Int(target) == nil ? findRoom(target) : nil
        // A space is no room to talk in: one we are in is not opened, `/space` shows it.
        if let known, known.isSpace, known.membership == .join {
            return finish(.space(.alreadyJoined(roomID: known.roomID, spaceName: RoomName.text(of: known))))
        }
        guard let address = listed.map({ RoomAddress(idOrAlias: $0.roomID, via: $0.via) }) ?? RoomAddress(parsing: target)
            ?? known.map({ RoomAddress(idOrAlias: $0.roomID) }) else {
            return finish(.failure(.invalidRoomAddress(target)))
        }
        do {
            let roomID = try await services.rooms.join(address)
            if let invite = state.rooms[roomID], invite.membership == .invite { await recordDirectChat(accepted: invite, through: services.rooms) }
            await enter(roomID, as: signedIn, address: address.idOrAlias, name: listed?.name?.unsanitized)
            return finish(.room(.joined(roomID: roomID, roomName: state.rooms[roomID].map(RoomName.text(of:)) ?? listed?.name ?? RemoteText(target))))
        } catch {
            return finish(.failure(.matrix(error)))
        }
    }

    /// The rooms `/rooms` lists, in its order, which its numbers count; an upgraded room is left out once its replacement is joined, as
    /// Element leaves it out (`/open` still finds it).
    var listedRooms: [RoomRecord] {
        let rooms = state.profile.developer.groupSpaceRooms ? SpaceGrouping.topLevel(of: state.rooms) : Array(state.rooms.values)
        return RoomOrder.sorted(rooms.filter { room in room.replacementRoomID.map { joinedName(of: $0) == nil } ?? true })
    }

    /// The room a command names like `/open` does; rooms a space holds are found by name, ID or alias.
    func findRoom(_ target: String) -> RoomRecord? {
        let listed = listedRooms
        let listedIDs = Set(listed.map(\.roomID))
        return RoomLookup.find(target, in: listed, unlisted: RoomOrder.sorted(state.rooms.values.filter { !listedIDs.contains($0.roomID) }))
    }

    /// The room `target` names, found by `find`; without a target, the open room, which the
    /// command's needs made sure of (it may be one just joined, which sync has not brought yet).
    func namedOrOpenRoom(_ target: String?, in context: CommandContext,
                         findingBy find: (String) -> RoomRecord?) -> Result<RoomRecord, ShellError> {
        guard let target else {
            let roomID = context.openRoom.roomID
            return .success(state.rooms[roomID] ?? RoomRecord(roomID: roomID, membership: .join))
        }
        return find(target).map { .success($0) } ?? .failure(.unknownRoom(target))
    }

    /// A room's name as `/rooms` shows it, or its ID when the store does not know it.
    func roomName(of roomID: String) -> RemoteText {
        state.rooms[roomID].map(RoomName.text(of:)) ?? RemoteText(roomID)
    }

    /// The room a command acts on: the room or space `target` names (as `/open` finds them), or
    /// without a target the open room.
    func actingRoom(_ target: String?, in context: CommandContext) -> Result<RoomContext, ShellError> {
        namedOrOpenRoom(target, in: context, findingBy: findRoom).map { RoomContext(signedIn: context.signedIn, roomID: $0.roomID) }
    }

    /// Makes a room just joined or created the open one, before sync has brought anything of it.
    /// The store keeps it at once, under the alias it was joined by or its name, so a script's
    /// next run finds it even if this one ends before sync brings it. Nothing is shown if the
    /// session `signedIn` found has ended meanwhile (a logout while the server answered).
    func enter(_ roomID: String, as signedIn: SessionContext, address: String? = nil, name: String? = nil,
               encryption: RoomEncryption? = nil, isSpace: Bool = false) async {
        var recorded: RoomRecord?
        if state.rooms[roomID]?.membership != .join {
            commit { state in
                if state.isSignedIn(as: signedIn.session) { state.joinsAwaitingSync.insert(roomID) }
            }
        }
        // Stored even when sync has brought the room already: it may have read it mid-creation.
        let alias = address.flatMap { $0.hasPrefix("#") ? $0 : nil }
        do {
            recorded = try await signedIn.store.recordJoin(of: roomID, alias: alias, name: name, encryption: encryption, isSpace: isSpace)
        } catch {
            logger.error("The join of \(roomID) could not be stored: \(String(describing: error))")
        }
        commit { state in
            guard state.isSignedIn(as: signedIn.session) else { return }
            // Sync may have brought the room meanwhile: what it holds stands, and what it lacks yet
            // (a name set at creation, sync having read the room before it) is taken from the store.
            if let recorded {
                if let synced = state.rooms[roomID], synced.membership == .join {
                    state.rooms[roomID] = synced.fillingIn(from: recorded)
                } else {
                    state.rooms[roomID] = recorded
                }
            }
            state.sessionState.makeCurrent(roomID)
        }
    }

    /// Makes the room the open one, outside any thread and with nothing of it shown yet; `names`
    /// are its members' unique names, when they were read.
    func makeCurrent(_ roomID: String, names: [String: String] = [:]) {
        commit { $0.sessionState.makeCurrent(roomID, names: names) }
    }

    private func leave(_ target: String?, in context: CommandContext) async -> Bool {
        let room: RoomRecord
        switch namedOrOpenRoom(target, in: context, findingBy: findRoom) {
        case .success(let found): room = found
        case .failure(let error): return finish(.failure(error))
        }
        do {
            try await context.signedIn.services.rooms.leave(roomID: room.roomID)
        } catch {
            return finish(.failure(.matrix(error)))
        }
        commit { state in
            state.joinsAwaitingSync.remove(room.roomID)
            // Left from now on, as sync will say: `/forget` may follow at once.
            state.rooms[room.roomID]?.membership = .leave
            state.leavesAwaitingSync.insert(room.roomID)
            if state.currentRoomID == room.roomID {
                state.currentRoomID = nil
                state.currentThreadRoot = nil
            }
        }
        return finish(.room(.left(roomName: RoomName.text(of: room))))
    }

    /// `/forget`: only a room left (the server refuses others); it goes from the server's list,
    /// from the store and from what is shown. A leave sync has not brought yet is waited for:
    /// Synapse (1.163) fails every later sliding sync request of a connection whose position
    /// predates the leave of a room then forgotten, which a run that ended first would leave.
    private func forget(_ target: String, in session: SessionContext) async -> Bool {
        guard let room = findRoom(target) else { return finish(.failure(.unknownRoom(target))) }
        let roomID = room.roomID
        guard room.membership == .leave || state.leavesAwaitingSync.contains(roomID) else {
            return finish(.failure(.notLeft(roomName: RoomName.text(of: room))))
        }
        let deadline = environment.clock.now + .seconds(state.profile.settings.requestTimeout)
        while state.leavesAwaitingSync.contains(roomID) {
            guard environment.clock.now < deadline, await catchUp(within: deadline - environment.clock.now, for: session.session) else {
                return finish(.failure(.matrix(.transport(.timedOut))))
            }
        }
        do {
            try await session.services.rooms.forget(roomID: room.roomID)
        } catch {
            return finish(.failure(.matrix(error)))
        }
        try? await session.store.forget(roomID: room.roomID)
        commit { state in
            state.rooms[room.roomID] = nil
            state.timelines[room.roomID] = nil
            if state.currentRoomID == room.roomID {
                state.currentRoomID = nil
                state.currentThreadRoot = nil
            }
        }
        return finish(.room(.forgotten(roomName: RoomName.text(of: room))))
    }

    private func open(_ target: String, in session: SessionContext) async -> Bool {
        let store = session.store
        guard let room = await roomSyncMayBring(named: target, for: session.session) else { return finish(.failure(.unknownRoom(target))) }
        // Grouped, a space is a folder of rooms rather than somewhere to talk.
        if state.profile.developer.groupSpaceRooms, room.isSpace, room.membership == .join {
            return finish(.space(.rooms(spaceName: RoomName.text(of: room), rooms: SpaceGrouping.children(of: room, in: state.rooms).map(entry))))
        }
        let roomID = room.roomID
        // Everything is read first; sync may apply meanwhile, and what it brings joins the timeline.
        await loadTimeline(of: roomID, in: store)
        await fillFromServer(roomID, store: store, rooms: session.services.rooms)
        let members = (try? await store.members(of: roomID)) ?? []
        let draft = (try? await draft(of: roomID)) ?? nil
        // Read again while sync brings more meanwhile, a few times at most: past those, the
        // newest messages show without their reactions or quotes rather than not at all.
        var messages: [MessageRecord], surroundings: MessageSurroundings, reads = 0
        repeat {
            messages = newestShown(in: roomID)
            surroundings = await self.surroundings(of: messages)
            reads += 1
        } while reads < 3 && newestShown(in: roomID).map(\.eventID) != messages.map(\.eventID)
        messages = newestShown(in: roomID)
        // A logout while it read (and maybe another account's login): that room is not shown.
        guard state.isSignedIn(as: session.session) else { return finish(.failure(.cancelled)) }
        // From here to the listing nothing suspends: what sync brings from now on prints after it.
        commit { state in
            state.currentRoomID = roomID
            state.currentThreadRoot = nil
            state.memberNames = MemberNames.unique(members)
            state.historyCursor = messages.first?.seq
        }
        // Read as it shows: `/rooms` and the prompt count it no more from now on, not only once
        // the receipt, which waits for what arrives meanwhile, has come back.
        clearCounts(of: roomID)
        clearUnreadMark(of: roomID)
        markReadSoon(roomID)
        let opened = state.rooms[roomID] ?? room
        // Kept at its join but not brought by sync yet: "no messages" would not be true.
        if messages.isEmpty, opened.isAwaitingFirstSync {
            commit { $0.joinsAwaitingSync.insert(roomID) }
            return finish(.room(.openedBeforeSync(roomName: RoomName.text(of: opened), draft: draft)))
        }
        return finish(.room(.opened(roomName: RoomName.text(of: opened), messages: views(of: messages, with: surroundings), draft: draft,
                                    header: header(of: opened))))
    }

    /// What the opened room's first line says besides its name.
    private func header(of room: RoomRecord) -> RoomHeader {
        let replacement = room.replacementRoomID.map { RoomReplacement(roomID: $0, name: joinedName(of: $0)) }
        return RoomHeader(pinnedCount: room.pinnedEventIDs.count, replacement: replacement)
    }

    /// The room `target` names. In batch mode, where sync only catches up when asked, a name
    /// not found while a room joined by an earlier line has not come through sync yet is looked
    /// for again once it has (as `/wait sync` waits): `/join !id` then `/open Its Name` is a
    /// script, not a race with the catch-up that would bring the name.
    private func roomSyncMayBring(named target: String, for session: Session) async -> RoomRecord? {
        if let room = await room(named: target) { return room }
        guard !environment.syncsContinuously, !state.joinsAwaitingSync.isEmpty,
              await catchUp(within: .seconds(MatrixEndpoint<SyncResponse>.initialSyncAllowance), for: session) else { return nil }
        return await room(named: target)
    }

    /// The room `/open` means: by number, ID, alias or name, or the room of a message shown
    /// before (`~N`, or an event ID), such as a search result.
    private func room(named target: String) async -> RoomRecord? {
        if let room = findRoom(target) { return room }
        guard let reference = MessageReference(target), let message = try? await message(reference, newestIn: nil) else { return nil }
        return state.rooms[message.roomID]
    }

    /// What `/open` lists: the room's newest messages held in memory.
    private func newestShown(in roomID: String) -> [MessageRecord] {
        (state.timelines[roomID]?.messages).map { Array($0.suffix(Self.openedHistory)) } ?? []
    }

    /// Fills the room's timeline from the store unless memory holds enough for `/open`. Only what
    /// is shown is read (not `timeline_size` messages: 500 rows cost a one-shot run several
    /// milliseconds); the timeline grows from there as sync brings more, and `/history` reads
    /// further pages from the store.
    private func loadTimeline(of roomID: String, in store: StoreWriter) async {
        guard state.timelines[roomID]?.page(before: nil, limit: Self.openedHistory) == nil else { return }
        // In place before the read, so messages that sync brings meanwhile are kept too.
        commit { $0.timelines[roomID] = RoomTimeline(capacity: $0.profile.settings.timelineSize) }
        let stored = (try? await store.messages(in: roomID, before: nil, limit: Self.openedHistory)) ?? []
        commit { $0.timelines[roomID]?.fill(withStored: stored) }
    }

    /// A room of which the store holds less than a screenful opens with one all the same, as
    /// `/history` would fetch it: sliding sync brings the rooms of the list with their newest event
    /// only, and `/v3` after a gap only what followed it. Not while sync is offline: the room then
    /// opens at once with what the store holds.
    private func fillFromServer(_ roomID: String, store: StoreWriter, rooms service: any RoomService) async {
        guard newestShown(in: roomID).count < Self.openedHistory, !state.syncStatus.isRetrying else { return }
        do {
            guard let token = try await store.room(roomID)?.previousBatch, !token.isEmpty else { return }
            logMalformed(try await OlderHistory.fetch(Self.openedHistory, of: roomID, from: token, into: store, through: service, decryptingWith: state.crypto))
            // Only what is older than the messages held: those sync brings meanwhile join at the end.
            let oldestHeld = state.timelines[roomID]?.messages.first?.seq
            // Read before the timeline is touched: an `await` inside the mutation would write back
            // a copy taken before it, losing what sync appended meanwhile.
            let older = try await store.messages(in: roomID, before: oldestHeld, limit: Self.openedHistory)
            commit { $0.timelines[roomID]?.fill(withStored: older) }
        } catch {
            logger.notice("Older messages of \(roomID) could not be fetched to open it: \(String(describing: error))")
        }
    }
}
