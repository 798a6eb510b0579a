extension AppState {
    /// Runs one line as typed: aliases expanded, parsed, sent. True when it succeeded.
    @discardableResult
    public func run(line: String) async -> Bool {
        if let expanded = expandAlias(in: line) {
            return await runExpansion(expanded, of: line)
        }
        let action: Action?
        do {
            action = try CommandParser.parse(line, aliasNames: state.aliases.keys)
        } catch {
            return finish(.failure(.parse(error)), as: CommandParser.splitCommand(line.trimmingWhitespace()).name)
        }
        guard let action else { return true }
        return await send(action)
    }

    /// Applies an action. Every action ends in exactly one `.result` report, under its command's
    /// name; what the command needs is checked here, before its handler runs.
    @discardableResult
    public func send(_ action: Action) async -> Bool {
        await RunningCommand.$current.withValue(action.command) {
            if let flag = action.requiredFlag, !state.profile.developer[flag] {
                return finish(.failure(.turnedOff(command: action.typedName, profile: state.profile.name, flag: flag)))
            }
            await awaitFirstSync(before: action.needs)
            switch context(for: action.needs) {
            case .success(let context):
                let succeeded = await perform(action, in: context)
                await followOpenRoom()
                return succeeded
            case .failure(let missing):
                return finish(.failure(missing))
            }
        }
    }

    /// Reports the running command's outcome; true unless it failed.
    @discardableResult
    func finish(_ outcome: Outcome) -> Bool {
        guard let command = RunningCommand.current else { preconditionFailure("a result outside send(_:)") }
        return finish(outcome, as: command.rawValue)
    }

    /// Reports an outcome under `name`: a line that never became an action (a typo, an alias
    /// nested too deep) is named as it was typed.
    @discardableResult
    func finish(_ outcome: Outcome, as name: String) -> Bool {
        // A request stopped by Ctrl-C is the user's choice, whichever layer noticed it.
        let outcome = outcome == .failure(.matrix(.transport(.cancelled))) ? .failure(.cancelled) : outcome
        report(Report(content: .result(command: name, outcome: outcome), location: LineContext.current.location))
        if case .failure = outcome { return false }
        return true
    }

    private func perform(_ action: Action, in context: CommandContext) async -> Bool {
        switch action {
        case .message(let action): await send(action, in: context.openRoom)
        case .relation(let action): await send(action, in: context.openRoom)
        case .media(let action): await send(action, in: context)
        case .thread(let action): await send(action, in: context.openRoom)
        case .room(let action): await send(action, in: context)
        case .membership(let action): await send(action, in: context)
        case .roles(let action): await send(action, in: context.openRoom)
        case .pin(let action): await send(action, in: context.openRoom)
        case .upgrade(let action): await send(action, in: context.openRoom)
        case .directory(let action): await send(action, in: context.signedIn)
        case .poll(let action): await send(action, in: context.openRoom)
        case .space(let action): await send(action, in: context.signedIn)
        case .encryption(let action): await send(action, in: context)
        case .trust(let action): await send(action, in: context)
        case .verification(let action): await send(action, in: context)
        case .queue(let action): await send(action, in: context.signedIn)
        case .draft(let action): await send(action, in: context)
        case .link(let action): await send(action, in: context.openRoom)
        case .notification(let action): await send(action, in: context)
        case .safety(let action): await send(action, in: context)
        case .session(let action): await send(action, in: context)
        case .settings(let action): await send(action)
        case .scripting(let action): await send(action, in: context)
        case .app(let action): send(action)
        case .developer(let action): await send(action, in: context)
        }
    }

    private func send(_ action: AppAction) -> Bool {
        switch action {
        case .help(let command):
            return help(command)
        case .quit:
            commit { $0.isQuitting = true }
            return finish(.done)
        }
    }

    /// Only what the profile's flags offer; a command they turn off says which flag would help.
    private func help(_ name: String?) -> Bool {
        let developer = state.profile.developer
        let visible = CommandTable.all.filter { developer.offers($0.requiredFlag) }
        guard let name else {
            return finish(.help(visible.map { HelpEntry($0, offeredBy: developer) }, showsPlainLineHint: true))
        }
        let bare = CommandTable.bareName(name)
        guard let spec = CommandTable.spec(named: bare) else {
            let suggestion = Suggestion.nearest(to: bare, among: visible.map(\.name))
            return finish(.failure(.parse(.unknownCommand(name: bare, suggestion: suggestion))))
        }
        if let flag = spec.requiredFlag, !developer[flag] {
            return finish(.failure(.turnedOff(command: "/" + spec.name, profile: state.profile.name, flag: flag)))
        }
        return finish(.help([HelpEntry(spec, offeredBy: developer)], showsPlainLineHint: false))
    }
}

extension HelpEntry {
    init(_ spec: CommandSpec, offeredBy developer: DeveloperOptions) {
        self.init(name: spec.name, variantWords: spec.variants.filter { developer.offers($0.requiredFlag) }.map(\.word))
    }
}
