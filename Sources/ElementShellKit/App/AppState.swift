import Foundation
import Logging
import MatrixCrypto
import Observation

/// The one owner of the shell's state. What changes is one value, `state`, which only `commit`
/// changes: its closure cannot `await`, so every change is made in one synchronous step that
/// sees the state as it is then, never as it was before a wait. Behaviour is split by concern
/// across `AppState+*.swift`; `send` and `apply` are the ways in, on the main actor.
@MainActor
@Observable
@dynamicMemberLookup
public final class AppState {
    public private(set) var state: ShellState

    public let config: ShellConfig
    public let configFile: String?
    public let dataDirectory: String

    @ObservationIgnored let environment: AppEnvironment
    /// Where reports go to be shown (`report(_:)` also starts the pictures they call for).
    @ObservationIgnored let output: @MainActor (Report) -> Void
    /// Matrix IDs and what happened to them; never secrets or message bodies.
    @ObservationIgnored let logger = Logger(label: "element-shell.app")
    /// What services report is applied in the order they reported it (`apply`).
    @ObservationIgnored let eventOrder = EventOrder()
    /// Pictures drawn one at a time, in the order their messages were shown.
    @ObservationIgnored let pictureQueue = PictureQueue()

    public init(
        config: ShellConfig,
        profile: Profile,
        configFile: String?,
        dataDirectory: String,
        environment: AppEnvironment,
        report: @escaping @MainActor (Report) -> Void
    ) {
        self.config = config
        self.configFile = configFile
        self.dataDirectory = dataDirectory
        self.environment = environment
        output = report
        state = ShellState(profile: profile, authService: environment.makeAuthService(profile.settings),
                           syncsLive: environment.syncsContinuously)
        applyLanguage()
    }

    /// The state's fields read as the app's own (`app.rooms`); only `commit` writes them.
    public subscript<Value>(dynamicMember path: KeyPath<ShellState, Value>) -> Value {
        state[keyPath: path]
    }

    /// Changes the state in one synchronous step. What the change needs was read or awaited
    /// before; inside, the state is as it stands now.
    @discardableResult
    func commit<Result, Failure>(_ change: (inout ShellState) throws(Failure) -> Result) throws(Failure) -> Result {
        try change(&state)
    }
}
