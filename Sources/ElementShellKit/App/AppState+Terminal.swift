extension AppState {
    /// What the prompt shows; the executable redraws it whenever this changes.
    public var promptValues: PromptRenderer.Values {
        PromptRenderer.Values(app: profile.appName, user: session?.userID)
    }

    /// What tab completion may offer, from the current state.
    public var completionContext: CompletionContext {
        var context = CompletionContext()
        context.homeservers = profile.developer.showCustomHomeserver ? Array(config.homeservers.keys) : profile.homeservers
        context.profiles = Array(config.profiles.keys)
        context.userIDs = session.map { [$0.userID] } ?? []
        context.aliases = Array(aliases.keys)
        context.showsDeveloperCommands = profile.developer.showDeveloperSettings
        return context
    }
}
