import ElementShellKit

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
        switch format {
        case .json:
            write([JSONRenderer.object(for: report).line], .standard)
        case .text:
            let lines = TextRenderer(theme: theme).lines(for: report)
            guard !lines.isEmpty else { return }
            let isProblem = report.isFailure || { if case .configProblem = report.content { true } else { false } }()
            write(lines, isProblem ? .error : .standard)
        }
    }
}
