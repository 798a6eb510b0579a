import Foundation
import MatrixClient

extension AppState {
    /// Picks up the session a previous run stored, without asking and without the network.
    func resumeSession() async {
        guard state.session == nil else { return }
        let stored: Session
        do {
            guard let found = try await environment.sessionStore.load() else { return }
            stored = found
        } catch {
            // A damaged file is as good as none: the next login writes a new one.
            logger.warning("The stored session could not be read: \(String(describing: type(of: error)))")
            return
        }
        if stored.signOut != nil {
            // Signed out in an earlier run: its data waits for the next login.
            commit { $0.signedOutSession = stored }
            report(Report(content: .sessionEnded(userID: stored.userID), location: nil))
            return
        }
        commit { $0.session = stored }
        logger.info("Resumed the session of \(stored.userID) (device \(stored.deviceID))")
        report(Report(content: .sessionResumed(SessionSummary(stored)), location: nil))
        await startSync(for: stored)
    }

    func send(_ action: SessionAction, in context: CommandContext) async -> Bool {
        switch action {
        case .login(let request): await login(request)
        case .logout(let confirmed): await logout(context.account, confirmed: confirmed)
        case .whoami: await whoami(context.signedIn.session)
        case .displayName(let name): await displayName(set: name, in: context.signedIn)
        case .account: await accountManagement(context.signedIn.session)
        case .reconnect: reconnect(context.signedIn.session)
        }
    }

    private func reconnect(_ session: Session) -> Bool {
        restartSync(for: session, cancellingCatchUp: true)
        return finish(.done)
    }

    private func login(_ request: LoginRequest) async -> Bool {
        commit { $0.loginAttemptCount += 1 }
        if let session = state.session { return finish(.failure(.alreadyLoggedIn(userID: session.userID))) }
        guard !state.isLoggingIn else { return finish(.failure(.loginInProgress)) }
        let address: String
        do {
            address = try HomeserverChoice.address(for: request.homeserver, profile: state.profile, config: config)
        } catch {
            return finish(.failure(error))
        }
        commit { $0.isLoggingIn = true }
        defer { commit { $0.isLoggingIn = false } }
        // The server is found and its ways in known before anyone types a password or opens a browser.
        let homeserverURL: URL
        let offered: OfferedLogins
        do {
            homeserverURL = try await state.authService.resolveHomeserver(address)
            offered = try await state.authService.offeredLogins(homeserverURL: homeserverURL)
        } catch {
            return finish(.failure(.matrix(error)))
        }
        let chosen: ChosenLogin
        do {
            chosen = try LoginChoice.choose(request, offered: offered)
        } catch {
            return finish(.failure(.login(error)))
        }
        let deviceDisplayName = "\(state.profile.appName): \(environment.hostName)"
        // A soft-logged-out device of the typed user is taken over rather than a new one made.
        let resumable = { (user: String?) in user.flatMap { self.deviceToResume(homeserverURL: homeserverURL, user: $0) } }
        let outcome: Result<Session, ShellError>
        switch chosen {
        case .password(let user):
            outcome = await passwordLogin(homeserverURL: homeserverURL, user: user, typedHomeserver: request.homeserver,
                                          deviceDisplayName: deviceDisplayName, deviceID: resumable(user))
        case .oauth(let metadata, let user):
            outcome = await deviceLogin(homeserverURL: homeserverURL, metadata: metadata, deviceID: resumable(user))
        case .sso(let provider, let user):
            outcome = await singleSignOn(homeserverURL: homeserverURL, provider: provider, deviceDisplayName: deviceDisplayName,
                                         deviceID: resumable(user))
        }
        let newSession: Session
        switch outcome {
        case .success(let signedIn): newSession = signedIn
        case .failure(let error): return finish(.failure(error))
        }
        // The same account finds its store as it was left: messages, drafts, the outbox, keys.
        commit { $0.signedOutSession = nil }
        logger.info("Logged in as \(newSession.userID) (device \(newSession.deviceID)) on \(newSession.homeserverURL.absoluteString)")
        var saved = true
        do {
            try await environment.sessionStore.save(newSession)
        } catch {
            logger.error("Could not store the session of \(newSession.userID): \(String(describing: error))")
            saved = false
        }
        await startSync(for: newSession)
        // Signed in with the report, once its services are up: a line `/after` runs meanwhile finds
        // the login under way, not a half-started session (nor the signed-out one) to use or end.
        commit { $0.session = newSession }
        return finish(saved ? .session(.loggedIn(SessionSummary(newSession))) : .failure(.sessionNotSaved))
    }

    /// The password is asked only now, the server known to take one.
    private func passwordLogin(homeserverURL: URL, user: String, typedHomeserver: String, deviceDisplayName: String,
                               deviceID: String?) async -> Result<Session, ShellError> {
        let password: String
        switch await environment.password(PasswordRequest(user: user, homeserver: typedHomeserver)) {
        case .password(let given): password = given
        case .cancelled: return .failure(.cancelled)
        case .missing: return .failure(.passwordUnavailable)
        case .unreadableFile(let path): return .failure(.passwordFileUnreadable(path: path))
        }
        do {
            return .success(try await state.authService.login(homeserverURL: homeserverURL, user: user, password: password,
                                                         deviceDisplayName: deviceDisplayName, deviceID: deviceID))
        } catch {
            return .failure(.matrix(error))
        }
    }

    /// Ends the session, signed in or signed out.
    private func logout(_ current: Session, confirmed: Bool) async -> Bool {
        if !confirmed {
            switch await environment.confirm(.logout(userID: current.userID)) {
            case true?: return await send(.session(.logout(confirmed: true)))
            case false?: return finish(.failure(.cancelled))
            case nil: return finish(.failure(.confirmationRequired(command: CommandName.logout.rawValue)))
            }
        }
        // Meanwhile the sync loop may find the token void and say the session ended: that is this
        // logout, not the homeserver's doing.
        commit { $0.isLoggingOut = true }
        defer { commit { $0.isLoggingOut = false } }
        do {
            // A signed-out session's token is void already: only its local data is left to remove.
            if current.signOut == nil { try await state.authService.logout(current) }
        } catch .unknownToken {
            // The server already forgot this device: forgetting it here too is all that is left.
        } catch {
            return finish(.failure(.matrix(error)))
        }
        await forgetSession()
        logger.info("Logged out \(current.userID) (device \(current.deviceID))")
        return finish(.session(.loggedOut(userID: current.userID)))
    }

    private func whoami(_ current: Session) async -> Bool {
        do {
            let identity = try await state.authService.whoami(current)
            return finish(.session(.whoami(SessionSummary(userID: identity.userID, deviceID: identity.deviceID ?? current.deviceID,
                                                          homeserverURL: current.homeserverURL, syncMethod: await state.services?.syncMethod()))))
        } catch {
            if case .unknownToken(let soft) = error {
                logger.notice("The homeserver no longer knows the session of \(current.userID)")
                await keepSignedOut(current, soft ? .soft : .deviceRemoved)
            }
            return finish(.failure(.matrix(error)))
        }
    }

    private func accountManagement(_ current: Session) async -> Bool {
        do {
            guard let url = try await state.authService.authMetadata(homeserverURL: current.homeserverURL)?.accountManagementURI else {
                return finish(.failure(.noAccountManagement))
            }
            return finish(.session(.accountManagement(url)))
        } catch {
            return finish(.failure(.matrix(error)))
        }
    }

    /// A dead or logged-out session is removed from memory and disk together, its local store
    /// with it.
    func forgetSession() async {
        guard let ended = state.session ?? state.signedOutSession else { return }
        await stopSyncAndWait()
        try? await environment.sessionStore.delete()
        await environment.removeStore(ended)
        // Last, so whoever sees no session also finds no files of it.
        commit { state in
            state.session = nil
            state.signedOutSession = nil
        }
    }
}

extension SessionSummary {
    init(_ session: Session) {
        self.init(userID: session.userID, deviceID: session.deviceID, homeserverURL: session.homeserverURL)
    }
}
