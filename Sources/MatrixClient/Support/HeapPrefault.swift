#if canImport(Glibc)
import CMalloc
import Glibc
#endif
import Dispatch
import Synchronization

/// Memory for a large response's decoded values, made ready on the other core while it is
/// decoded. Decoding a 1,000-room sync takes 56 MB never touched before, and each of its 14,000
/// pages costs the decoder a fault the first time it writes there (a quarter of its time,
/// BENCHMARKS.md). Here malloc's heap grows in one step for the whole response, and another
/// thread has the kernel populate the new pages (`MADV_POPULATE_WRITE`) ahead of the decoder.
/// Populating changes no byte: a page someone wrote to already is left as it is.
enum HeapPrefault {
    /// Smaller responses are decoded as they come: a few faults are not worth a thread.
    static let minimumBytes = 4 << 20
    /// Decoded values take about two and a half times their JSON's size; the pad is a little more.
    private static let growthFactor = 3
    private static let maximumPad = 256 << 20
    /// glibc's own `M_TOP_PAD` (mallopt(3)), restored afterwards.
    private static let defaultPad = 128 << 10

    /// Runs `decode`, a decoding of `byteCount` bytes of JSON, with the heap's pages populated
    /// beside it when the response is large.
    static func whileDecoding<Value, Failure: Error>(byteCount: Int, _ decode: () throws(Failure) -> Value) throws(Failure) -> Value {
        #if canImport(Glibc)
        guard byteCount >= minimumBytes else { return try decode() }
        let pad = min(byteCount * growthFactor, maximumPad)
        // The heap then grows by `pad` when it next grows, not by 128 KiB at a time. Setting it
        // also ends glibc's sliding mmap threshold for good: blocks of 128 KiB and more stay
        // mappings of their own, given back when freed (the idle figures are measured so).
        guard mallopt(M_TOP_PAD, Int32(pad)) == 1 else { return try decode() }
        let populating = Populating(budget: pad)
        defer {
            // Stopped before the pad is: nothing is populated once malloc may trim again.
            populating.stop()
            _ = mallopt(M_TOP_PAD, Int32(defaultPad))
        }
        return try decode()
        #else
        return try decode()
        #endif
    }
}

#if canImport(Glibc)
/// The thread that populates what the heap grows by, up to a budget, until stopped. Stopping
/// never waits for a thread to start: a thread that starts after it populates nothing.
private final class Populating: Sendable {
    private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
    /// Populated a step at a time, so the decoder's first pages are ready soon.
    private static let step = 2 << 20
    private static let waiting = 0, running = 1, stopping = 2

    private let state = Atomic<Int>(waiting)
    private let finished = DispatchSemaphore(value: 0)

    init(budget: Int) {
        // Only what lies beyond the heap's end now is new; below it malloc may hand out pages at once.
        let start = Self.roundedUp(Self.heapEnd())
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            guard state.compareExchange(expected: Self.waiting, desired: Self.running, ordering: .acquiringAndReleasing).exchanged else { return }
            populate(from: start, budget: budget)
            finished.signal()
        }
    }

    /// Returns once nothing more is populated.
    func stop() {
        if state.exchange(Self.stopping, ordering: .acquiringAndReleasing) == Self.running { finished.wait() }
    }

    private func populate(from start: Int, budget: Int) {
        var populated = start
        while state.load(ordering: .relaxed) == Self.running, populated - start < budget {
            let end = Self.heapEnd() & ~(Self.pageSize - 1)
            guard end > populated else {
                // The heap has not grown yet: it does so once the decoder has used what it had.
                usleep(20)
                continue
            }
            let length = min(end - populated, Self.step)
            guard madvise(UnsafeMutableRawPointer(bitPattern: populated), length, MADV_POPULATE_WRITE) == 0 else { return }
            populated += length
        }
    }

    /// Where the heap ends (the program break): glibc's main arena grows it with `sbrk`.
    private static func heapEnd() -> Int {
        Int(bitPattern: sbrk(0))
    }

    private static func roundedUp(_ address: Int) -> Int {
        (address + pageSize - 1) & ~(pageSize - 1)
    }
}
#endif
