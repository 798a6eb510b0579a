/// Applies the events that read first one after another, in the order they were reported. Each
/// waits for the previous one's reads and its step: a verification's end, reported before the
/// secrets it asked for, is applied before them even when its own reads take longer.
@MainActor
final class EventOrder {
    private var last: Task<Void, Never>?

    /// Runs `work` once everything handed in before it has run; returns when it has. A caller
    /// cancelled meanwhile does not cancel it: the event was reported and is applied in turn.
    func run(_ work: @escaping @MainActor () async -> Void) async {
        let previous = last
        let task = Task { @MainActor in
            await previous?.value
            await work()
        }
        last = task
        await task.value
    }
}
