extension AppState {
    /// What a command's needs find in the state now, or what is missing, as it is reported.
    func context(for needs: CommandNeeds) -> Result<CommandContext, ShellError> {
        switch needs {
        case .nothing:
            return .success(.nothing)
        case .anySession:
            guard let account = state.session ?? state.signedOutSession else { return .failure(notLoggedIn) }
            return .success(.account(account))
        case .session:
            guard let signedIn else { return .failure(state.storeFailed ? .storeUnavailable : notLoggedIn) }
            return .success(.session(signedIn))
        case .openRoom, .roomForMessages:
            guard let signedIn else { return .failure(state.storeFailed ? .storeUnavailable : needs == .openRoom ? notLoggedIn : .noRoomOpen) }
            guard let roomID = state.currentRoomID else { return .failure(.noRoomOpen) }
            return .success(.room(RoomContext(signedIn: signedIn, roomID: roomID)))
        }
    }

    /// The session's parts, while it is signed in and its services and store are up.
    private var signedIn: SessionContext? {
        guard let session = state.session, let services = state.services, let store = state.store else { return nil }
        return SessionContext(session: session, services: services, store: store)
    }
}
