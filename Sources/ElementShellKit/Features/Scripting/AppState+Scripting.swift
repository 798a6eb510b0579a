import MatrixClient
import Observation

extension AppState {
    static let maximumScriptDepth = 8
    static let maximumAliasDepth = 10

    func send(_ action: ScriptingAction, in context: CommandContext) async -> Bool {
        switch action {
        case .source(let path): await source(path)
        case .defineAlias(let name, let expansion): defineAlias(name, expansion)
        case .removeAlias(let name): removeAlias(name)
        case .listAliases: finish(.scripting(.aliases(state.aliases.sorted { $0.key < $1.key }.map { AliasEntry(name: $0.key, expansion: $0.value) })))
        case .echo(let text): finish(.scripting(.echo(text: text)))
        case .after(let seconds, let line): scheduleLine(line, after: seconds)
        case .waitForSync(let timeout): await waitForSync(timeout: timeout, for: context.signedIn.session)
        case .waitForMessage(let text, let timeout): await waitForMessage(containing: text, timeout: timeout)
        case .waitUntilSent(let timeout):
            await waitUntilSent(timeout: timeout) ? finish(.done) : finish(.failure(.waitTimedOut(seconds: timeout)))
        }
    }

    /// Runs a script's lines in order: `#` comments and blank lines are skipped, and a failing line
    /// reports its `file:line` while the rest still runs. True when every line succeeded.
    func runScript(_ text: String, named file: String) async -> Bool {
        let context = LineContext.current
        // Only `/source` nests scripts, so this is its result.
        guard context.scriptDepth < Self.maximumScriptDepth else {
            return finish(.failure(.scriptTooDeep(path: file)))
        }
        var succeeded = true
        // `\r\n` is one Character in Swift: splitting on every kind of line break keeps CRLF files right.
        for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let trimmed = line.trimmingWhitespace()
            guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { continue }
            var inner = context
            inner.scriptDepth += 1
            inner.location = ScriptLocation(file: file, line: index + 1)
            let ok = await LineContext.$current.withValue(inner) { await run(line: trimmed) }
            if !ok { succeeded = false }
            // Quitting, or Ctrl-C on one of its lines, ends the script there.
            if state.isQuitting || Task.isCancelled { break }
        }
        return succeeded
    }

    /// Expands `~` the way a shell would, so scripts can name files in the home directory.
    func expandingHome(_ path: String) -> String {
        guard path == "~" || path.hasPrefix("~/"), let home = environment.variables["HOME"] else { return path }
        return home + path.dropFirst()
    }

    private func source(_ path: String) async -> Bool {
        let expanded = expandingHome(path)
        guard let text = await environment.readScript(expanded) else {
            return finish(.failure(.scriptUnreadable(path: path)))
        }
        let succeeded = await runScript(text, named: path)
        return finish(succeeded ? .done : .failure(.scriptFailed(path: path)))
    }

    private func defineAlias(_ name: String, _ expansion: String) -> Bool {
        let bare = CommandTable.bareName(name)
        guard AliasExpander.isValidName(bare) else { return finish(.failure(.invalidAliasName(name))) }
        guard CommandTable.spec(named: bare) == nil else { return finish(.failure(.aliasShadowsCommand(bare))) }
        commit { $0.aliases[bare] = expansion }
        return finish(.scripting(.aliasDefined(name: bare, expansion: expansion)))
    }

    private func removeAlias(_ name: String) -> Bool {
        let bare = CommandTable.bareName(name)
        guard commit({ $0.aliases.removeValue(forKey: bare) }) != nil else { return finish(.failure(.unknownAlias(bare))) }
        return finish(.scripting(.aliasRemoved(name: bare)))
    }

    /// The expanded line when `line` calls a user alias; built-in commands always win.
    func expandAlias(in line: String) -> String? {
        let trimmed = line.trimmingWhitespace()
        guard trimmed.hasPrefix("/"), !trimmed.hasPrefix("//") else { return nil }
        let (name, arguments) = CommandParser.splitCommand(trimmed)
        guard CommandTable.spec(named: name) == nil, let expansion = state.aliases[name] else { return nil }
        return AliasExpander.expand(expansion, arguments: arguments)
    }

    func runExpansion(_ expanded: String, of line: String) async -> Bool {
        let name = CommandParser.splitCommand(line.trimmingWhitespace()).name
        var context = LineContext.current
        guard context.aliasDepth < Self.maximumAliasDepth else { return finish(.failure(.aliasTooDeep(name)), as: name) }
        context.aliasDepth += 1
        return await LineContext.$current.withValue(context) { await run(line: expanded) }
    }

    private func scheduleLine(_ line: String, after seconds: Double) -> Bool {
        // A timer's line stands on its own: not part of the script or alias that set it.
        let id = state.nextTimerID
        // Scripting outlives a session: a line set before `/logout` still runs.
        let timer = schedule(.scheduledLineDue(id: id), after: .seconds(seconds), outlivesSession: true)
        commit { state in
            state.scheduledLineCount += 1
            state.nextTimerID += 1
            state.scheduledLines[id] = line
            state.timers[id] = timer
        }
        return finish(.done)
    }

    /// Runs a line `/after` scheduled, in its timer's task, which Ctrl-C cancels.
    func runScheduledLine(_ id: Int) async {
        guard let line = commit({ $0.scheduledLines.removeValue(forKey: id) }) else { return }
        defer {
            commit { state in
                state.scheduledLineCount -= 1
                state.timers[id] = nil
                state.runningTimers.remove(id)
            }
        }
        guard !state.isQuitting, !Task.isCancelled else { return }
        commit { $0.runningTimers.insert(id) }
        await LineContext.$current.withValue(LineContext()) { await self.run(line: line) }
    }

    private func waitForSync(timeout seconds: Double, for session: Session) async -> Bool {
        await catchUp(within: .seconds(seconds), for: session) ? finish(.done) : finishWait(timeout: seconds)
    }

    /// Until the shell has caught up with the server as it is now: a request that does not wait
    /// for news goes out at once and its response is applied. A room just joined counts as part
    /// of "now": the homeserver may answer that request a moment before the join reaches sync,
    /// so it is asked again until the room has come. So are the receipts of what was read (those
    /// of `/open` wait a moment): they go first, for the server's answer to count them. False
    /// when `timeout` passed first or the session went.
    func catchUp(within timeout: Duration, for session: Session) async -> Bool {
        let deadline = environment.clock.now + timeout
        // A catch-up under way finishes first (`settle`), and the wait asks on from the token it
        // brought: that one may have been answered from Synapse's cache (see `restartSync`).
        guard await settle(timeout: deadline - environment.clock.now) else { return false }
        while true {
            restartSync(for: session, catchingUpNow: true)
            let run = state.syncRun
            let caughtUp = await wait(until: { [unowned self] in state.latestSyncedRun >= run || self.session != session },
                                      deadline: deadline)
            guard caughtUp, self.session == session else { return false }
            if state.joinsAwaitingSync.isEmpty { return true }
        }
    }

    private func waitForMessage(containing text: String, timeout seconds: Double) async -> Bool {
        let start = state.arrivals.count
        // Messages come only while sync waits for news: in batch mode, from now on it does.
        syncLive()
        let arrived = await wait(until: { [unowned self] in
            let new = state.arrivals.count - start
            return state.currentRoomID == nil || new > 0 && state.arrivals.recent.suffix(new).contains { $0.contains(text) }
        }, timeout: .seconds(seconds))
        return arrived && state.currentRoomID != nil ? finish(.done) : finishWait(timeout: seconds)
    }

    /// A wait that did not see what it waited for: cancelled, timed out, or what it needed went.
    private func finishWait(timeout seconds: Double) -> Bool {
        finish(.failure(Task.isCancelled ? .cancelled : .waitTimedOut(seconds: seconds)))
    }

    /// Whether every message in line left the outbox within `timeout` (at once when there is no
    /// session); those the server refused for good wait for `/resend` or `/cancel`, not for time.
    /// The outbox is read again after each message the queue sends or fails to send, and after
    /// each sync: a message's echo takes it out of the outbox too, as when the server kept a
    /// message whose answer never came back.
    public func waitUntilSent(timeout seconds: Double) async -> Bool {
        let deadline = environment.clock.now + .seconds(seconds)
        while let store = state.store {
            // Counted before the outbox is read, so a change during the read counts.
            let reports = state.sendReportCount, syncs = state.appliedSyncCount
            guard ((try? await store.outbox()) ?? []).contains(where: { !$0.failed }) else { return true }
            let reported = await wait(until: { [unowned self] in
                state.sendReportCount != reports || state.appliedSyncCount != syncs || self.store == nil
            }, timeout: deadline - environment.clock.now)
            guard reported else { return false }
        }
        return true
    }

    /// The shell is ending: no scheduled line runs any more. A timer cancelled before it is due
    /// brings no event, so the lines still waiting are counted off here.
    func cancelScheduledLines() {
        for timer in state.timers.values { timer.cancel() }
        commit { state in
            for id in state.scheduledLines.keys { state.timers[id] = nil }
            state.scheduledLineCount -= state.scheduledLines.count
            state.scheduledLines = [:]
        }
    }

    /// Batch mode ends only after the lines it scheduled have run.
    public func waitForScheduledLines() async {
        while state.scheduledLineCount > 0, !state.isQuitting {
            await withCheckedContinuation { continuation in
                withObservationTracking {
                    _ = (state.scheduledLineCount, state.isQuitting)
                } onChange: {
                    continuation.resume()
                }
            }
        }
    }
}
