import Foundation

/// Work over many independent items, split into consecutive ranges made at once, one per core:
/// an initial sync reads tens of thousands of events into its batch, each on its own.
enum SplitWork {
    /// What `body` makes of each of the consecutive ranges that together cover `0..<count`, in
    /// their order, made at once, one range per core. Fewer items than `minimumPerRange` for each
    /// of two ranges make one range on the caller's thread: a thread is not worth waking for a
    /// few. The caller's thread makes a range itself, so this never waits for a free thread.
    static func map<Part: Sendable>(of count: Int, minimumPerRange: Int, _ body: @Sendable (Range<Int>) -> Part) -> [Part] {
        let parts = rangeCount(for: count, minimumPerRange: minimumPerRange)
        guard parts > 1 else { return [body(0..<count)] }
        let results = UnsafeMutableBufferPointer<Part?>.allocate(capacity: parts)
        results.initialize(repeating: nil)
        defer {
            _ = results.deinitialize()
            results.deallocate()
        }
        // Each range writes only its own slot, and the slots are read once every range is made.
        nonisolated(unsafe) let slots = results
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            slots[part] = body(count * part / parts..<count * (part + 1) / parts)
        }
        return results.map { $0! }
    }

    /// How many ranges `count` items make: one per core, each of at least `minimumPerRange`.
    static func rangeCount(for count: Int, minimumPerRange: Int, cores: Int = ProcessInfo.processInfo.activeProcessorCount) -> Int {
        max(1, min(cores, count / max(1, minimumPerRange)))
    }
}
