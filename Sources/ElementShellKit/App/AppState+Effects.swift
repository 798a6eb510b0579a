import MatrixClient

/// Requests no command waits for, such as read receipts: they run beside the next command, off
/// the main actor, and what they bring comes back as an event through `apply`, like any
/// service's report. The end of a script waits for them (`settle`).
extension AppState {
    /// Runs `effect` in the background; its event, if any, is applied unless the services it
    /// belongs to have stopped meanwhile.
    func perform(_ effect: @escaping @Sendable () async -> AppEvent?) {
        let generation = state.serviceGeneration
        commit { $0.pendingEffectCount += 1 }
        Task { [weak self] in
            let event = await effect()
            guard let self else { return }
            if let event { await self.apply(event, from: generation) }
            // Last, so whoever waits for the effects finds what they brought applied.
            self.commit { $0.pendingEffectCount -= 1 }
        }
    }

    /// Brings `event` through `apply` once `delay` has passed on the app's clock, unless the task
    /// is cancelled first: a timer changes the state only through the event it brings. Unless it
    /// `outlivesSession`, it is dropped when the session's services stop meanwhile.
    func schedule(_ event: AppEvent, after delay: Duration, outlivesSession: Bool = false) -> Task<Void, Never> {
        let generation = state.serviceGeneration
        let clock = environment.clock, due = clock.now + delay
        return Task { [weak self] in
            guard (try? await clock.sleep(until: due)) != nil, let self else { return }
            await self.apply(event, from: outlivesSession ? self.serviceGeneration : generation)
        }
    }

    /// Until what this run started has reached the server: a receipt still waiting for its delay
    /// goes now, and every effect is waited for, up to `timeout` on the app's clock; false if one
    /// was still running then. For the end of a script, and before `/wait sync` asks for news.
    /// A catch-up under way is waited for too, so a script leaves its store as the server stood
    /// when it started (the next run's `/open` lists what that catch-up brought), and leaves no
    /// answered-but-unread catch-up in Synapse's cache for the next run (see `restartSync`).
    /// One that has failed is not: it retries until the server is back, which may be never for
    /// this run, and its store is as the last run left it.
    public func settle(timeout: Duration) async -> Bool {
        sendPendingReceipt()
        return await wait(until: {
            self.pendingEffectCount == 0
                && (self.runtime?.syncLoopPolls == true || self.endedSyncRun >= self.syncRun || self.syncStatus.isRetrying)
        }, timeout: timeout)
    }
}
