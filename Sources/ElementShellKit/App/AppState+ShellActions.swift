extension AppState {
    /// Applies what the terminal or the start of a run asks; true unless a startup file's line
    /// failed.
    @discardableResult
    public func send(_ action: ShellAction) async -> Bool {
        switch action {
        case .reportConfigProblem(let diagnostic):
            report(Report(content: .configProblem(diagnostic), location: nil))
        case .resumeSession:
            await resumeSession()
        case .runScript(let text, let file):
            return await runScript(text, named: file)
        case .inputLineChanged(let text):
            inputLineChanged(to: text)
        case .interrupt:
            for id in state.runningTimers { state.timers[id]?.cancel() }
        case .end:
            cancelScheduledLines()
        }
        return true
    }
}
