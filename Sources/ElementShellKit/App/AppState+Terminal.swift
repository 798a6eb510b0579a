import Foundation
import MatrixClient

extension AppState {
    /// What the prompt shows at `now` (by default, now on the app's clock); the executable redraws
    /// it whenever this changes, and each second while offline, since the countdown moves with the clock.
    public func promptValues(at now: Date? = nil) -> PromptRenderer.Values {
        let now = now ?? environment.clock.date
        // What waits elsewhere: the open room is on screen already.
        let unread = state.rooms.values.filter { $0.membership == .join && $0.roomID != state.currentRoomID && !isMuted($0.roomID) }
            .reduce(0) { $0 + $1.notificationCount }
        var room = state.currentRoomID.flatMap { state.rooms[$0] }.map(RoomName.of)
        if let name = room, let root = state.currentThreadRoot {
            let number = state.references.number(ifShown: root).map { "~\($0)" } ?? ""
            room = state.profile.settings.screenReader ? L10n.screenSpokenPromptThread(name, number) : L10n.screenPromptThread(name, number)
        }
        // Signed out, the prompt keeps naming the account and says so until the next login.
        let status = state.signedOutSession == nil ? SyncStatusText.prompt(for: state.syncStatus, now: now) : L10n.screenPromptSignedOut
        return PromptRenderer.Values(app: state.profile.appName, user: state.session?.userID ?? state.signedOutSession?.userID, room: room,
                                     unread: state.session == nil ? nil : unread, status: status, typing: typingText)
    }

    /// The prompt as drawn, at `now`. For a screen reader it is short and stable: the open room's
    /// name (the app's before one is open), never a count, a status or who is typing, each of
    /// which would have it spoken again at every change.
    public func prompt(theme: Theme, at now: Date? = nil) -> String {
        let values = promptValues(at: now)
        guard state.profile.settings.screenReader else {
            return PromptRenderer.render(format: state.profile.promptFormat, values: values, theme: theme)
        }
        return PromptRenderer.render(format: values.room == nil ? "{app}> " : "{room}> ",
                                     values: PromptRenderer.Values(app: values.app, room: values.room), theme: theme)
    }

    /// The app's clock, for the executable's own timers (the prompt's countdown).
    public var clock: any ShellClock { environment.clock }

    /// What tab completion may offer, from the current state.
    public var completionContext: CompletionContext {
        var context = CompletionContext()
        context.homeservers = state.profile.developer.showCustomHomeserver ? Array(config.homeservers.keys) : state.profile.homeservers
        context.profiles = Array(config.profiles.keys)
        // Your own ID, then the open room's members, whom /kick, /ban and /dm name.
        context.userIDs = state.session.map { session in [session.userID] + state.memberNames.keys.filter { $0 != session.userID }.sorted() } ?? []
        context.people = knownPeople
        let known = state.rooms.values.filter { $0.membership != .leave }
        context.rooms = known.map(RoomName.of)
        context.roomAliases = known.compactMap(\.canonicalAlias)
        context.aliases = Array(state.aliases.keys)
        context.developer = state.profile.developer
        return context
    }

    /// The people user arguments complete to: the open room's members, and the members each room
    /// is known by (a direct chat's partner among them), with their display names.
    private var knownPeople: [CompletionContext.Person] {
        guard let session = state.session else { return [] }
        var people = [session.userID: nil] as [String: String?]
        for room in state.rooms.values where room.membership != .leave {
            for (index, userID) in room.heroes.enumerated() where people[userID] == nil {
                people[userID] = index < room.heroNames.count && !room.heroNames[index].isEmpty ? room.heroNames[index] : nil
            }
        }
        for (userID, name) in state.memberNames { people[userID] = name }
        return people.map { CompletionContext.Person(userID: $0.key, displayName: $0.value) }.sorted { $0.userID < $1.userID }
    }
}
