/// Requests a command starts without waiting for them, such as the read marker `/open` sends:
/// they run beside the next command, off the main actor, and what they bring comes back as an
/// event through `apply`, like any service's report. The end of a script waits for them.
extension AppState {
    /// Runs `effect` in the background; its event, if any, is applied unless the services it
    /// belongs to have stopped meanwhile.
    func perform(_ effect: @escaping @Sendable () async -> ClientEvent?) {
        let generation = serviceGeneration
        pendingEffectCount += 1
        Task { [weak self] in
            let event = await effect()
            guard let self else { return }
            if let event { await self.apply(event, from: generation) }
            // Last, so whoever waits for the effects finds what they brought applied.
            self.pendingEffectCount -= 1
        }
    }

    /// Waits until no effect is under way, up to `timeout` on the app's clock; false if one was
    /// still running then.
    public func waitForEffects(timeout: Duration) async -> Bool {
        await wait(until: { self.pendingEffectCount == 0 }, timeout: timeout)
    }
}
