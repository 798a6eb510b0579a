import Foundation

extension AppState {
    /// Picks up the session a previous run stored, without asking and without the network.
    public func resumeSession() async {
        guard session == nil else { return }
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
            signedOutSession = stored
            report(Report(content: .sessionEnded(userID: stored.userID), location: nil))
            return
        }
        session = stored
        logger.info("Resumed the session of \(stored.userID) (device \(stored.deviceID))")
        report(Report(content: .sessionResumed(SessionSummary(stored)), location: nil))
        await startSync(for: stored)
    }

    func send(_ action: SessionAction) async -> Bool {
        switch action {
        case .login(let homeserver, let user): await login(homeserver: homeserver, user: user)
        case .logout(let confirmed): await logout(confirmed: confirmed)
        case .whoami: await whoami()
        case .reconnect: reconnect()
        }
    }

    private func reconnect() -> Bool {
        guard let session else { return finish("reconnect", .failure(notLoggedIn)) }
        restartSync(for: session)
        return finish("reconnect", .done)
    }

    private func login(homeserver input: String, user: String) async -> Bool {
        loginAttemptCount += 1
        if let session { return finish("login", .failure(.alreadyLoggedIn(userID: session.userID))) }
        guard !isLoggingIn else { return finish("login", .failure(.loginInProgress)) }
        let address: String
        do {
            address = try HomeserverChoice.address(for: input, profile: profile, config: config)
        } catch {
            return finish("login", .failure(error))
        }
        isLoggingIn = true
        defer { isLoggingIn = false }
        // The server is found and known to take passwords before anyone types one.
        let homeserverURL: URL
        do {
            homeserverURL = try await authService.resolveHomeserver(address)
            try await authService.requirePasswordLogin(homeserverURL: homeserverURL)
        } catch {
            return finish("login", .failure(.matrix(error)))
        }
        let password: String
        switch await environment.password(PasswordRequest(user: user, homeserver: input)) {
        case .password(let given): password = given
        case .cancelled: return finish("login", .failure(.cancelled))
        case .missing: return finish("login", .failure(.passwordUnavailable))
        case .unreadableFile(let path): return finish("login", .failure(.passwordFileUnreadable(path: path)))
        }
        let newSession: Session
        do {
            newSession = try await authService.login(
                homeserverURL: homeserverURL, user: user, password: password,
                deviceDisplayName: "\(profile.appName): \(environment.hostName)",
                deviceID: deviceToResume(homeserverURL: homeserverURL, user: user)
            )
        } catch {
            return finish("login", .failure(.matrix(error)))
        }
        // The same account finds its store as it was left: messages, drafts, the outbox, keys.
        signedOutSession = nil
        session = newSession
        logger.info("Logged in as \(newSession.userID) (device \(newSession.deviceID)) on \(newSession.homeserverURL.absoluteString)")
        do {
            try await environment.sessionStore.save(newSession)
        } catch {
            logger.error("Could not store the session of \(newSession.userID): \(String(describing: error))")
            await startSync(for: newSession)
            return finish("login", .failure(.sessionNotSaved))
        }
        await startSync(for: newSession)
        return finish("login", .loggedIn(SessionSummary(newSession)))
    }

    private func logout(confirmed: Bool) async -> Bool {
        guard let current = session ?? signedOutSession else { return finish("logout", .failure(notLoggedIn)) }
        if !confirmed {
            switch await environment.confirm(.logout(userID: current.userID)) {
            case true?: return await send(.session(.logout(confirmed: true)))
            case false?: return finish("logout", .failure(.cancelled))
            case nil: return finish("logout", .failure(.confirmationRequired(command: "logout")))
            }
        }
        do {
            // A signed-out session's token is void already: only its local data is left to remove.
            if current.signOut == nil { try await authService.logout(current) }
        } catch .unknownToken {
            // The server already forgot this device: forgetting it here too is all that is left.
        } catch {
            return finish("logout", .failure(.matrix(error)))
        }
        await forgetSession()
        logger.info("Logged out \(current.userID) (device \(current.deviceID))")
        return finish("logout", .loggedOut(userID: current.userID))
    }

    private func whoami() async -> Bool {
        guard let current = session else { return finish("whoami", .failure(notLoggedIn)) }
        do {
            let identity = try await authService.whoami(current)
            return finish("whoami", .whoami(SessionSummary(userID: identity.userID, deviceID: identity.deviceID ?? current.deviceID,
                                                           homeserverURL: current.homeserverURL)))
        } catch {
            if case .unknownToken(let soft) = error {
                logger.notice("The homeserver no longer knows the session of \(current.userID)")
                await keepSignedOut(current, soft ? .soft : .deviceRemoved)
            }
            return finish("whoami", .failure(.matrix(error)))
        }
    }

    /// A dead or logged-out session is removed from memory and disk together, its local store
    /// with it.
    func forgetSession() async {
        guard let ended = session ?? signedOutSession else { return }
        await stopSyncAndWait()
        try? await environment.sessionStore.delete()
        await environment.removeStore(ended)
        // Last, so whoever sees no session also finds no files of it.
        session = nil
        signedOutSession = nil
    }
}

extension SessionSummary {
    init(_ session: Session) {
        self.init(userID: session.userID, deviceID: session.deviceID, homeserverURL: session.homeserverURL)
    }
}
