import Foundation
import MatrixClient

extension AppState {
    /// OAuth 2.0's device authorization grant, as the spec gives it to clients without a browser
    /// of their own: this app registered once per server, a device code for a device ID chosen
    /// here, the link and code shown (a QR code for a phone), the token endpoint asked at the
    /// server's pace until the person approves, refuses or the code expires, and the tokens'
    /// owner asked of the homeserver. Ctrl-C stops waiting.
    func deviceLogin(homeserverURL: URL, metadata: AuthMetadata, deviceID: String?) async -> Result<Session, ShellError> {
        let deviceID = deviceID ?? DeviceIDs.random()
        let clientID: String, authorization: DeviceAuthorization
        do {
            (clientID, authorization) = try await authorizeDevice(deviceID, metadata: metadata)
        } catch {
            return .failure(.matrix(error))
        }
        let link = authorization.verificationURIComplete ?? authorization.verificationURI
        let opened = await environment.openInBrowser(link)
        report(Report(content: .deviceCode(DeviceCodePrompt(
            verificationURI: authorization.verificationURI, userCode: authorization.userCode,
            verificationURIComplete: authorization.verificationURIComplete, expiresIn: authorization.expiresIn, openedInBrowser: opened,
            showsQRCode: state.profile.developer.showQRCodeLogin)),
                      location: LineContext.current.location))
        let clock = environment.clock
        var polling = DeviceCodePolling(authorization, startedAt: clock.now)
        var step = DeviceCodePolling.Step.wait(polling.interval)
        while true {
            switch step {
            case .wait(let interval):
                do {
                    try await clock.sleep(for: interval)
                } catch {
                    return .failure(.cancelled)
                }
                let answer = await state.authService.pollDeviceToken(authorization, clientID: clientID, with: metadata)
                if Task.isCancelled { return .failure(.cancelled) }
                step = polling.next(after: answer, now: clock.now)
            case .failed(let error):
                logger.notice("The device login on \(homeserverURL.absoluteString) ended without a session: \(String(describing: error))")
                return .failure(.login(error))
            case .signedIn(let tokens):
                let oauth = OAuthSession(issuer: metadata.issuer, clientID: clientID, tokenEndpoint: metadata.tokenEndpoint,
                                         revocationEndpoint: metadata.revocationEndpoint)
                var session = Session(userID: "", deviceID: deviceID, accessToken: tokens.accessToken, homeserverURL: homeserverURL,
                                      refreshToken: tokens.refreshToken,
                                      accessTokenRenewal: tokens.expiresIn.map { Session.renewal(of: $0, receivedAt: environment.clock.date) }, oauth: oauth)
                do {
                    let owner = try await state.authService.whoami(session)
                    session.userID = owner.userID
                    session.deviceID = owner.deviceID ?? deviceID
                } catch {
                    return .failure(.matrix(error))
                }
                return .success(session)
            }
        }
    }

    /// The client ID (the profile's for this server, else registered now unless a former login
    /// did) and a device code for `deviceID`. A server that forgot the stored client
    /// (`invalid_client`) gets a new registration, once.
    private func authorizeDevice(_ deviceID: String, metadata: AuthMetadata) async throws(MatrixError) -> (String, DeviceAuthorization) {
        let scope = metadata.loginScope(deviceID: deviceID)
        if let configured = state.profile.oidc.staticRegistrations[metadata.issuer] {
            return (configured, try await state.authService.authorizeDevice(clientID: configured, scope: scope, with: metadata))
        }
        if let stored = await environment.oauthClients.clientID(for: metadata.issuer) {
            do {
                return (stored, try await state.authService.authorizeDevice(clientID: stored, scope: scope, with: metadata))
            } catch .server(errcode: "invalid_client", message: _, status: _) {
                logger.notice("The authorization server \(metadata.issuer) no longer knows this app's client: registering again")
                try? await environment.oauthClients.remove(for: metadata.issuer)
            }
        }
        let clientID = try await state.authService.registerClient(ClientRegistration(for: state.profile), with: metadata)
        do {
            try await environment.oauthClients.save(clientID, for: metadata.issuer)
        } catch {
            // The login can go on; the next one registers again.
            logger.warning("Could not store the OAuth client of \(metadata.issuer): \(String(describing: error))")
        }
        return (clientID, try await state.authService.authorizeDevice(clientID: clientID, scope: scope, with: metadata))
    }
}
