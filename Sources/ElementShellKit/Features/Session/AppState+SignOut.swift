import Foundation
import MatrixClient

extension AppState {
    /// The error for a command that needs a session: signed out (data kept) or never logged in.
    var notLoggedIn: ShellError {
        state.signedOutSession.map { .signedOut(userID: $0.userID) } ?? .notLoggedIn
    }

    /// The homeserver no longer takes the session's token: sync and sending stop, and the session
    /// is remembered as signed out, with its store (messages, drafts, the outbox, keys) left where
    /// it is for the next login of the same account. The session file says so before the state
    /// does: whoever sees the state signed out (a restart, a script's next run) finds the file so
    /// too. A `/logout` or `/login` that ran meanwhile has the last word. The sync loop that found
    /// the token void may be the caller, so its end is not waited for here (`stopSyncAndWait`
    /// waits for it before files go).
    func keepSignedOut(_ ended: Session, _ signOut: Session.SignOut) async {
        guard state.session == ended else { return }
        var signedOut = ended
        signedOut.signOut = signOut
        stopSync()
        do {
            try await environment.sessionStore.save(signedOut)
        } catch {
            logger.error("Could not store that \(ended.userID) is signed out: \(String(describing: error))")
        }
        guard state.session == ended else { return }
        commit { state in
            state.session = nil
            state.signedOutSession = signedOut
        }
    }

    /// The device a login should take over: a soft logout's, when the same account logs in again
    /// on the same homeserver (so its keys stay valid); `nil` for a new device.
    func deviceToResume(homeserverURL: URL, user: String) -> String? {
        guard let previous = state.signedOutSession, previous.signOut == .soft, previous.homeserverURL == homeserverURL else { return nil }
        let localpart = previous.userID.dropFirst().prefix { $0 != ":" }
        return user == previous.userID || user == String(localpart) ? previous.deviceID : nil
    }
}
