import ArgumentParser
import ElementShellKit
import Foundation
import MatrixClient
import SyntheticSync

/// `ingest`: takes in a `/sync` response from a file as the client takes in one from the
/// network (decode, then one store transaction that also derives the room summaries) and
/// prints what it cost as one JSON line.
struct Ingest: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Decodes and stores a /sync response from a file; prints the figures as JSON.")

    @Argument(help: "A /sync response body.")
    var file: String

    @Option(name: .customLong("data-dir"),
            help: "Store into the account store of the session in this data directory, as the client would find it, and keep it. Without it: a fresh temporary store.")
    var dataDirectory: String?

    func run() async throws {
        // Opened before the clock starts, as the client's store is open before a response
        // arrives: the figure is what taking in a response costs, from reading it to the commit.
        let target = try await StoreTarget(dataDirectory: dataDirectory)
        defer { target.removeTemporary() }
        let store = try StoreWriter(url: target.databaseURL)
        let clock = ContinuousClock()
        let started = clock.now

        // As in the client, the body is gone once decoded: it does not count towards the peak
        // while the response is stored.
        let (response, bytes, decoding, persisting) = try readResponse(clock: clock)
        let result = try await store.apply(response, userID: target.userID)
        let finished = clock.now
        // Freed once the clock has stopped: the client goes on to show what the result holds.
        withExtendedLifetime(result) {}

        let figures = IngestFigures(bytes: bytes, response: response, decode: persisting - decoding,
                                    persist: finished - persisting, wall: finished - started, peakMegabytes: ResidentMemory.peak)
        print(figures.jsonLine)
    }

    /// The file's response, its size, and when decoding started and ended (reading the file is
    /// not decoding).
    private func readResponse(clock: ContinuousClock) throws -> (SyncResponse, Int, ContinuousClock.Instant, ContinuousClock.Instant) {
        let body = try Data(contentsOf: URL(fileURLWithPath: file))
        let decoding = clock.now
        let response = try SyncResponse(json: body)
        return (response, body.count, decoding, clock.now)
    }
}

/// Where `ingest` stores: a fresh temporary store, or the account store of a stored session.
private struct StoreTarget {
    let databaseURL: URL
    let userID: String
    private let temporaryDirectory: URL?

    init(dataDirectory: String?) async throws {
        if let dataDirectory {
            guard let session = try await SessionStore(directory: URL(fileURLWithPath: dataDirectory)).load() else {
                throw ValidationError("no session.json in \(dataDirectory)")
            }
            databaseURL = StoreLocation.databaseURL(for: session, dataDirectory: dataDirectory)
            userID = session.userID
            temporaryDirectory = nil
        } else {
            let directory = FileManager.default.temporaryDirectory.appending(path: "element-shell-bench-\(UUID().uuidString)")
            databaseURL = directory.appending(path: "store.sqlite")
            userID = SyntheticSync.userID
            temporaryDirectory = directory
        }
    }

    func removeTemporary() {
        if let temporaryDirectory { try? FileManager.default.removeItem(at: temporaryDirectory) }
    }
}
