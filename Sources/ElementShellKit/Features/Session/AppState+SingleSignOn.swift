import Foundation
import MatrixClient

extension AppState {
    /// Single sign-on: the homeserver's link is shown (and opened where a desktop can), the
    /// browser comes back to a one-shot listener on 127.0.0.1 with a login token, and the token
    /// logs this device in. Ends after `login_timeout` seconds, or on Ctrl-C, without a session.
    func singleSignOn(homeserverURL: URL, provider: IdentityProvider?, deviceDisplayName: String,
                      deviceID: String?) async -> Result<Session, ShellError> {
        let pages = LoginRedirectPages(signedIn: L10n.screenLoginSsoBrowserDone(state.profile.appName), failed: L10n.screenLoginSsoBrowserFailed)
        let listener: any LoginRedirectListener
        do {
            listener = try environment.listenForLoginRedirect(pages)
        } catch {
            return .failure(.login(.redirectUnavailable))
        }
        let link = SSORedirect.url(homeserverURL: homeserverURL, provider: provider, redirectURL: listener.redirectURL)
        let opened = await environment.openInBrowser(link)
        report(Report(content: .signInLink(link, openedInBrowser: opened), location: LineContext.current.location))
        let seconds = state.profile.settings.loginTimeout
        let redirect: LoginRedirect?
        do {
            redirect = try await firstOf(listener.redirect, orNilAfter: .seconds(seconds))
        } catch {
            return .failure(.cancelled)
        }
        switch redirect {
        case nil:
            logger.notice("Single sign-on on \(homeserverURL.absoluteString): nothing came back within \(seconds) s")
            return .failure(.login(.timedOut(seconds: seconds)))
        case .error(let reason)?:
            logger.notice("Single sign-on on \(homeserverURL.absoluteString) came back with an error")
            return .failure(.login(.refusedInBrowser(RemoteText(reason))))
        case .loginToken(let token)?:
            do {
                return .success(try await state.authService.login(homeserverURL: homeserverURL, loginToken: token,
                                                            deviceDisplayName: deviceDisplayName, deviceID: deviceID))
            } catch {
                return .failure(.matrix(error))
            }
        }
    }

    /// What `work` returns, or nil once `timeout` has passed on the app's clock; throws
    /// `CancellationError` when the task is cancelled first.
    private func firstOf<Value: Sendable>(_ work: @escaping @Sendable () async throws -> Value,
                                          orNilAfter timeout: Duration) async throws -> Value? {
        let clock = environment.clock, deadline = clock.now + timeout
        return try await withThrowingTaskGroup(of: Value?.self) { group in
            group.addTask { try await work() }
            group.addTask {
                try await clock.sleep(until: deadline)
                return nil
            }
            defer { group.cancelAll() }
            let first = try await group.next() ?? nil
            try Task.checkCancellation()
            return first
        }
    }
}
