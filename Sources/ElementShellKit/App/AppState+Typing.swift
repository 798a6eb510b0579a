import Foundation
import MatrixClient

/// Typing notifications: the open room is told while the user types a message, and who types
/// in it shows in the prompt.
extension AppState {
    /// How long the server shows the user typing after one request.
    static let typingTimeout = Duration.seconds(30)
    /// While typing goes on, the request is repeated this long after the last, before it expires.
    static let typingRenewal = Duration.seconds(20)

    /// The input line as it stands after a key (the executable reports every change). A message
    /// being typed tells the open room, at most once per `typingRenewal`; a command, an empty
    /// line (sent or cleared) or another room stops it.
    func inputLineChanged(to text: String) {
        previewLinks(in: text)
        let trimmed = text.trimmingWhitespace()
        let isMessage = !trimmed.isEmpty && (!trimmed.hasPrefix("/") || trimmed.hasPrefix("//"))
        guard isMessage, state.profile.settings.sendTyping, state.session != nil, let roomID = state.currentRoomID else { return stopTyping() }
        let now = environment.clock.now
        if let notice = state.typingNotice {
            if notice.roomID == roomID, now < notice.sentAt + Self.typingRenewal { return }
            if notice.roomID != roomID { stopTyping() }
        }
        commit { $0.typingNotice = TypingNotice(roomID: roomID, sentAt: now) }
        requestTyping(true, in: roomID)
    }

    /// Tells the room told last that the user stopped typing, if any was told.
    func stopTyping() {
        guard let notice = state.typingNotice else { return }
        commit { $0.typingNotice = nil }
        requestTyping(false, in: notice.roomID)
    }

    /// The open room's typers in the prompt's words, by their names in the room.
    var typingText: String? {
        guard let roomID = state.currentRoomID, let userIDs = state.typingUserIDs[roomID] else { return nil }
        return TypingText.prompt(names: userIDs.map { state.memberNames[$0] ?? $0 })
    }

    private func requestTyping(_ isTyping: Bool, in roomID: String) {
        guard let session = state.session, let services = state.services else { return }
        let service = services.rooms
        let previous = state.typingRequest
        let request = Task { [logger] in
            await previous?.value
            do throws(MatrixError) {
                try await service.setTyping(isTyping, in: roomID, userID: session.userID, timeout: Self.typingTimeout)
            } catch {
                // Typing is a courtesy: a lost notice expires on its own.
                logger.notice("Typing notice for \(roomID) failed (\(ErrorCodes.code(for: error)))")
            }
        }
        commit { $0.typingRequest = request }
    }
}
