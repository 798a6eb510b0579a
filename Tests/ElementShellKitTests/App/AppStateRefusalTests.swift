import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// The homeserver refuses a join or a message (`M_FORBIDDEN`, `M_NOT_FOUND`, `M_LIMIT_EXCEEDED`):
/// each says so in the user's language, nothing is lost, and the shell carries on.
@MainActor
@Suite struct AppStateRefusalTests {
    @Test(arguments: [
        (MatrixError.forbidden(message: "You are banned"), "The homeserver refused: You are banned", "M_FORBIDDEN"),
        (.notFound, "The homeserver does not know that.", "M_NOT_FOUND"),
        (.limitExceeded(retryAfterMilliseconds: 2000), "The homeserver is limiting requests; try again shortly.", "M_LIMIT_EXCEEDED"),
    ])
    func aRefusedJoinSaysWhyInWords(error: MatrixError, text: String, code: String) async throws {
        var rooms = FakeRoomService()
        rooms.joinRoom = { _ throws(MatrixError) in throw error }
        let app = AppHarness(roomService: rooms)
        await app.state.run(line: "/login matrix.org alice")
        #expect(!(await app.state.run(line: "/join #party:hs")))
        #expect(app.log.failures == [.matrix(error)])
        let report = try #require(app.log.reports.last)
        let lines = TextRenderer(theme: Theme(usesColor: false, accent: .named(.green))).lines(for: report)
        #expect(lines.joined().contains(text), "\(lines)")
        #expect(ErrorCodes.code(for: error) == code)
        #expect(app.state.currentRoomID == nil, "no room opened on a refusal")
        #expect(await app.state.run(line: "/rooms"), "the shell carries on")
    }

    /// A message the server will not take for good is set aside in the outbox, for `/resend` or
    /// `/cancel`; a rate-limited one waits its turn. Either way the user reads why, in sentences
    /// even when the server's words end without a stop.
    @Test(arguments: [
        (MatrixError.forbidden(message: "You are muted"), "The homeserver refused: You are muted. The message stays in the outbox.", true),
        (.notFound, "The homeserver does not know that.", true),
        (.limitExceeded(retryAfterMilliseconds: 2000), "The homeserver is limiting requests; try again shortly.", false),
    ])
    func aRefusedMessageSaysWhyAndIsKept(error: MatrixError, text: String, isSetAside: Bool) async throws {
        let app = AppHarness(sync: AppStateMessagingTests.firstSync(AppStateMessagingTests.lobby), send: { _ throws(MatrixError) in throw error })
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.syncStatus == .live }
        await app.state.run(line: "/open Lobby")
        await app.state.run(line: "a message they refuse")
        let isProblem = { (report: Report) in if case .sendProblem = report.content { true } else { false } }
        try await waitUntil { app.log.reports.contains(where: isProblem) }
        let report = try #require(app.log.reports.first(where: isProblem))
        let lines = TextRenderer(theme: Theme(usesColor: false, accent: .named(.green))).lines(for: report)
        #expect(lines.joined().contains(text), "\(lines)")
        let outbox = try await #require(app.state.store).outbox()
        #expect(outbox.map(\.body) == ["a message they refuse"], "nothing is lost")
        #expect(outbox.first?.failed == isSetAside)
    }

    @Test func germanSpeakersReadTheRefusalInGerman() async throws {
        let text = L10n.$languageOverride.withValue("de") { ErrorMessages.message(for: .limitExceeded(retryAfterMilliseconds: nil)) }
        #expect(text != ErrorMessages.message(for: .limitExceeded(retryAfterMilliseconds: nil)))
        #expect(!text.isEmpty)
    }
}
