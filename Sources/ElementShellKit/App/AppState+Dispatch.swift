extension AppState {
    /// Runs one line as typed: aliases expanded, parsed, sent. True when it succeeded.
    @discardableResult
    public func run(line: String) async -> Bool {
        if let expanded = expandAlias(in: line) {
            return await runExpansion(expanded, of: line)
        }
        let action: Action?
        do {
            action = try CommandParser.parse(line, aliasNames: aliases.keys)
        } catch {
            let name = CommandParser.splitCommand(line.trimmingWhitespace()).name
            return finish(name, .failure(.parse(error)))
        }
        guard let action else { return true }
        return await send(action)
    }

    /// Applies an action. Every action ends in exactly one `.result` report.
    @discardableResult
    public func send(_ action: Action) async -> Bool {
        switch action {
        case .message(.send(let text)): await sendMessage(text, msgtype: "m.text")
        case .message(.emote(let text)): await sendMessage(text, msgtype: "m.emote")
        case .message(.notice(let text)): await sendMessage(text, msgtype: "m.notice")
        case .message(.plain(let text)): await sendMessage(text, msgtype: "m.text", format: .plain)
        case .message(.html(let text)): await sendMessage(text, msgtype: "m.text", format: .html)
        case .relation(let action): await send(action)
        case .media(let action): await send(action)
        case .thread(let action): await send(action)
        case .room(let action): await send(action)
        case .membership(let action): await send(action)
        case .space(let action): await send(action)
        case .encryption(let action): await send(action)
        case .queue(let action): await send(action)
        case .draft(let action): await send(action)
        case .session(let action): await send(action)
        case .settings(let action): await send(action)
        case .scripting(let action): await send(action)
        case .app(let action): send(action)
        }
    }

    /// Reports a command's outcome; true unless it failed.
    @discardableResult
    func finish(_ command: String, _ outcome: Outcome) -> Bool {
        // A request stopped by Ctrl-C is the user's choice, whichever layer noticed it.
        let outcome = outcome == .failure(.matrix(.transport(.cancelled))) ? .failure(.cancelled) : outcome
        report(Report(content: .result(command: command, outcome: outcome), location: LineContext.current.location))
        if case .failure = outcome { return false }
        return true
    }

    private func send(_ action: AppAction) -> Bool {
        switch action {
        case .help(let command):
            return help(command)
        case .quit:
            isQuitting = true
            return finish("quit", .done)
        }
    }

    private func help(_ name: String?) -> Bool {
        let visible = CommandTable.all.filter { profile.developer.showDeveloperSettings || !$0.isDeveloperOnly }
        guard let name else {
            return finish("help", .help(visible.map(HelpEntry.init), showsPlainLineHint: true))
        }
        let bare = CommandTable.bareName(name)
        guard let spec = CommandTable.spec(named: bare), visible.contains(where: { $0.name == spec.name }) else {
            let suggestion = Suggestion.nearest(to: bare, among: visible.map(\.name))
            return finish("help", .failure(.parse(.unknownCommand(name: bare, suggestion: suggestion))))
        }
        return finish("help", .help([HelpEntry(spec)], showsPlainLineHint: false))
    }
}

extension HelpEntry {
    init(_ spec: CommandSpec) {
        self.init(name: spec.name)
    }
}
