/// What a command needs before its handler may run. `AppState.send` checks it and reports what
/// is missing under the command's name, so no handler looks for itself.
public enum CommandNeeds: Sendable {
    /// Runs in any state: help, settings, scripting, `/login`.
    case nothing
    /// A session, signed in or signed out by its homeserver: `/logout` ends either.
    case anySession
    /// A signed-in session, with its services and store.
    case session
    /// A signed-in session and an open room; without a session, that is what is reported.
    case openRoom
    /// The open room as the place messages go and come: a plain line, `/me` and its kin,
    /// `/wait message`. No session means no room, and "no room open" is what is reported.
    case roomForMessages
}
