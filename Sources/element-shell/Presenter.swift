import ElementShellKit
import MatrixClient
import TerminalGraphics

/// Turns reports into output lines, in the chosen format, with the profile's current theme.
@MainActor
final class Presenter {
    enum Stream { case standard, error }

    private let format: OutputFormat
    private let isTerminal: Bool
    private let environment: [String: String]
    private let write: @MainActor ([String], Stream) -> Void
    private let initialProfile: Profile
    /// Set once the state exists: its profile, with `/set` changes, decides the theme from then on.
    weak var state: AppState?
    /// Where a room's draft goes when the room is opened: the input line, at a terminal.
    var fillInputLine: (@MainActor (String) -> Void)?
    /// What a mention or a direct message does besides its line: the bell, a notification.
    var alert: (@MainActor (Attention) -> Void)?
    /// Draws a picture's one sequence under the lines that name it, `rows` high, at a terminal.
    var drawPicture: (@MainActor (_ lines: [String], _ sequence: [UInt8], _ rows: Int) -> Void)?
    /// The message printed last, so that a picture right under it is not named again.
    private var lastMessageKey: String?

    init(format: OutputFormat, profile: Profile, isTerminal: Bool, environment: [String: String],
         write: @escaping @MainActor ([String], Stream) -> Void) {
        self.format = format
        self.initialProfile = profile
        self.isTerminal = isTerminal
        self.environment = environment
        self.write = write
    }

    var theme: Theme { Theme(profile: state?.profile ?? initialProfile, isTerminal: isTerminal, environment: environment) }

    func show(_ report: Report) {
        switch report.content {
        case .result(_, .room(.opened(_, _, let draft?, _))), .result(_, .room(.openedBeforeSync(_, let draft?))),
             .result(_, .thread(.opened(_, _, _, let draft?))):
            fillInputLine?(draft)
        case .attention(let attention): alert?(attention)
        case .invited(let invitation): alert?(invitation.attention)
        default: break
        }
        switch format {
        case .json:
            write([JSONRenderer.object(for: report).line], .standard)
        case .text:
            // A screen reader's lines are never broken: the terminal wraps what is long, and the
            // reader reads a sentence whole.
            let theme = theme
            var renderer = TextRenderer(theme: theme, width: isTerminal && !theme.forScreenReader ? TerminalSize.columns() : nil,
                                        now: state?.clock.date ?? SystemClock().date)
            renderer.lastMessageKey = lastMessageKey
            let lines = renderer.lines(for: report)
            lastMessageKey = report.messagesShown.last?.outputKey
            if case .drawn(let picture) = report.picture?.drawing, case .sequence(let sequence) = picture.output {
                drawPicture?(lines, sequence, picture.cells.rows)
                return
            }
            guard !lines.isEmpty else { return }
            write(lines, Self.isDiagnostic(report) ? .error : .standard)
        }
    }

    /// Failures, config problems and notices about the session and sync go to standard error, so
    /// that what a batch command prints on standard output is only its result and the messages.
    static func isDiagnostic(_ report: Report) -> Bool {
        switch report.content {
        case .result: report.isFailure
        case .configProblem, .sessionResumed, .sessionEnded, .sendProblem, .firstSyncUnderway, .firstSyncFinished, .transfer, .restoreProgress, .identityChanged,
             .sentDespiteIdentityReset, .historyShared,
             .slidingSyncUnavailable, .pushRulesUnreadable, .signInLink, .deviceCode: true
        case .message, .messageChanged, .reacted, .mentioned, .news, .invited, .gap, .roomUpgraded, .knocked, .attention, .verification, .secretsArrived, .picture, .previewReady: false
        }
    }
}
