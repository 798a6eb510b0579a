import MatrixClient

extension AppState {
    /// In batch mode, a command that needs a session waits for the first sync of a store that
    /// never synced (right after `/login`, or a session resumed before its first sync was kept),
    /// so a script never reads an empty room list or fails to `/open` a room it is in. A start
    /// from a store that has synced does not wait, and neither does the interactive shell, whose
    /// prompt says the sync is under way. A failing sync ends the wait: the command then runs on
    /// what there is, as it would have.
    func awaitFirstSync(before needs: CommandNeeds) async {
        guard !environment.syncsContinuously, state.awaitsFirstSync, needs != .nothing, needs != .anySession else { return }
        _ = await wait(until: { [unowned self] in !state.awaitsFirstSync || state.syncStatus.isRetrying || state.session == nil },
                       timeout: .seconds(MatrixEndpoint<SyncResponse>.initialSyncAllowance))
    }
}
