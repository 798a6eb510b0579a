import Dispatch
import Synchronization

/// What the push rules do with each of a batch's messages, judged on another core while the
/// writer stores the messages before them: an initial sync's tens of thousands of judgements
/// then cost the writer nothing, since judging a message is quicker than storing one. The
/// messages are judged in chunks, in order; the writer reads them in order too, and judges a
/// chunk itself when the other core has not taken it yet, so it never waits for a thread to
/// start, only (briefly) for a chunk the other core is in the middle of.
final class JudgingAhead: @unchecked Sendable {
    /// Messages a chunk. A batch of one chunk or fewer is judged by the writer alone, as it
    /// goes: so few are not worth waking another core for.
    static let chunkSize = 512

    private let count: Int
    private let judge: @Sendable (Int) -> PushActions?
    private let results: UnsafeMutableBufferPointer<PushActions?>
    /// The next chunk no one has taken; taken by the writer or the other core, never both.
    private let nextChunk = Atomic<Int>(0)
    /// Signalled when the other core has judged the chunk.
    private let judged: [DispatchSemaphore]
    /// The chunks the writer may read: the writer's own, read only on its thread.
    private var readyChunks = 0

    /// `judge` says what the rules do with the message at an index below `count`.
    init(count: Int, judge: @escaping @Sendable (Int) -> PushActions?) {
        self.count = count
        self.judge = judge
        results = .allocate(capacity: count)
        results.initialize(repeating: nil)
        judged = (0..<Self.chunks(in: count)).map { _ in DispatchSemaphore(value: 0) }
        // One chunk is judged by the writer as it reaches it.
        guard judged.count > 1 else { return }
        DispatchQueue.global().async { [self] in
            while true {
                let chunk = nextChunk.wrappingAdd(1, ordering: .relaxed).oldValue
                guard chunk < judged.count else { return }
                fill(chunk)
                judged[chunk].signal()
            }
        }
    }

    deinit {
        _ = results.deinitialize()
        results.deallocate()
    }

    /// What the rules do with the message at `index` (`nil` past `count`); read in order of the indices.
    func actions(at index: Int) -> PushActions? {
        guard index < count else { return nil }
        // Each chunk up to the index's, in order: taken here if the other core has not taken it.
        while readyChunks <= index / Self.chunkSize {
            if nextChunk.compareExchange(expected: readyChunks, desired: readyChunks + 1, ordering: .relaxed).exchanged {
                fill(readyChunks)
            } else {
                judged[readyChunks].wait()
            }
            readyChunks += 1
        }
        return results[index]
    }

    private func fill(_ chunk: Int) {
        for index in chunk * Self.chunkSize..<min(count, (chunk + 1) * Self.chunkSize) {
            results[index] = judge(index)
        }
    }

    private static func chunks(in count: Int) -> Int {
        (count + chunkSize - 1) / chunkSize
    }
}
