/// Secrets another own device shares after a verification, and `/wait secrets` for them.
extension AppState {
    /// Until the secrets a verification with another own device asked for came (at once when
    /// none are awaited); the result is where recovery stands then.
    func waitForSecrets(timeout seconds: Double, in context: CommandContext) async -> Bool {
        let reached = await wait(until: { [unowned self] in !state.awaitsSecrets }, timeout: .seconds(seconds))
        guard reached else { return finish(.failure(Task.isCancelled ? .cancelled : .waitTimedOut(seconds: seconds))) }
        return await send(TrustAction.recoveryStatus, in: context)
    }

}
