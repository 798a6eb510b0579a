import MatrixClient
import MatrixJSON

extension AppState {
    func send(_ action: DeveloperAction, in context: CommandContext) async -> Bool {
        switch action {
        case .viewSource(let reference): await viewSource(reference, through: context.signedIn.services)
        case .labs: finish(.developer(.labs(LabSwitch.all(in: state.profile))))
        case .reportProblem: await reportProblem()
        }
    }

    /// Asks the server for the event rather than showing the stored message, which keeps only
    /// what the client reads; an encrypted one goes through decryption as sync's events do.
    private func viewSource(_ reference: MessageReference, through services: SessionServices) async -> Bool {
        let found: MessageRecord?
        do {
            found = try await message(reference, newestIn: state.currentRoomID)
        } catch {
            return finish(.failure(error))
        }
        let place: (roomID: String, eventID: String)
        if let found {
            place = (found.roomID, found.eventID)
        } else if case .eventID(let eventID) = reference, let roomID = state.currentRoomID {
            // An event the store does not hold, in the open room.
            place = (roomID, eventID)
        } else {
            return finish(.failure(.unknownMessage(reference.text)))
        }
        let source: RoomEventSource
        do {
            source = try await services.rooms.event(place.eventID, in: place.roomID)
        } catch {
            return finish(.failure(.matrix(error)))
        }
        let decryption = await decryption(of: source.event, in: place.roomID)
        return finish(.developer(.eventSource(EventSource(eventID: place.eventID, event: source.json, decryption: decryption))))
    }

    /// `nil` for an event sent in the clear; without a crypto machine the key is as good as missing.
    private func decryption(of event: SyncEvent, in roomID: String) async -> EventSource.Decryption? {
        guard event.type == MessageRecord.encryptedType else { return nil }
        guard let crypto = state.crypto, let decrypted = await crypto.decrypt([event], in: roomID).first else { return .failed(.missingKey) }
        if let failure = decrypted.encryption?.failure { return .failed(failure) }
        return .decrypted(["type": .string(decrypted.type), "content": decrypted.content])
    }

    /// The facts are read here, on the main actor; the store, the log and the file are the
    /// reporter's, off it. Both sessions' tokens are what the log must not hand on.
    private func reportProblem() async -> Bool {
        let account = state.session ?? state.signedOutSession
        let facts = ProblemReport.Facts(
            createdAt: environment.clock.date, profileName: state.profile.name, developer: state.profile.developer, settings: state.profile.settings,
            syncMethod: await state.services?.syncMethod(), syncStatus: state.syncStatus,
            account: account.map { SessionSummary(userID: $0.userID, deviceID: $0.deviceID, homeserverURL: $0.homeserverURL) })
        let secrets = [state.session, state.signedOutSession].compactMap { $0 }.flatMap { [$0.accessToken, $0.refreshToken].compactMap { $0 } }
        do throws(ShellError) {
            let written = try await ProblemReporter.write(facts, store: state.store, logPath: dataDirectory + "/" + FileLogHandler.fileName,
                                                          dropping: secrets, into: dataDirectory)
            return finish(.developer(.problemReported(path: written.path, size: written.size)))
        } catch {
            return finish(.failure(error))
        }
    }
}
