/// Secrets another own device shares after a verification, and `/wait secrets` for them.
extension AppState {
    /// Until the secrets a verification with another own device asked for came (at once when
    /// none are awaited); the result is where recovery stands then.
    func waitForSecrets(timeout seconds: Double, in context: CommandContext) async -> Bool {
        let reached = await wait(until: { [unowned self] in !awaitsSecrets }, timeout: .seconds(seconds))
        guard reached else { return finish(.failure(Task.isCancelled ? .cancelled : .waitTimedOut(seconds: seconds))) }
        return await send(TrustAction.recoveryStatus, in: context)
    }

    /// Said once each time; `/wait secrets` ends unless more are due.
    func applySecretsArrival(_ arrival: SecretsArrival) async {
        awaitsSecrets = arrival.awaitsMore
        // The device's new signatures and the identity it now trusts mark messages from now on.
        await loadDeviceTrust()
        report(Report(content: .secretsArrived(arrival), location: nil))
    }
}
