import Synchronization

/// Set by a task's cancellation handler, read by libcurl's progress callback on the transfer thread.
final class CancellationFlag: Sendable {
    private let flag = Atomic<Bool>(false)

    var isCancelled: Bool { flag.load(ordering: .acquiring) }

    func cancel() { flag.store(true, ordering: .releasing) }
}
