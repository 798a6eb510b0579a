/// Runs picture work one job at a time, in the order it was added, off the main actor: pictures
/// print in the order of their messages, and a listing of two hundred holds one in memory at once.
final class PictureQueue: Sendable {
    typealias Job = @Sendable () async -> Void

    private let jobs: AsyncStream<Job>.Continuation
    private let worker: Task<Void, Never>

    init() {
        let (stream, jobs) = AsyncStream.makeStream(of: Job.self)
        self.jobs = jobs
        worker = Task.detached {
            for await job in stream { await job() }
        }
    }

    func add(_ job: @escaping Job) {
        jobs.yield(job)
    }

    deinit {
        jobs.finish()
        worker.cancel()
    }
}
