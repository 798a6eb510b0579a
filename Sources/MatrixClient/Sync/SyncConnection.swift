import Foundation
import Logging

/// The session's sync as the `sync` setting chose it, one request per call: `/v3/sync`, or
/// sliding sync, which `auto` picks when the homeserver lists `org.matrix.simplified_msc3575`
/// among its unstable features, and leaves for `/v3` for the rest of the run if the endpoint
/// then turns out not to answer. Each method goes on from its own stored position.
public actor SyncConnection {
    private let mode: SyncMode
    private let userID: String
    private let v3: SyncService
    private let sliding: SlidingSyncService
    private let logger: Logger
    /// What `auto` decided, or what the setting forced; `nil` until the first request.
    public private(set) var method: SyncMethod?

    init(mode: SyncMode, userID: String, v3: SyncService, sliding: SlidingSyncService,
                logger: Logger = Logger(label: "element-shell.sync")) {
        self.mode = mode
        self.userID = userID
        self.v3 = v3
        self.sliding = sliding
        self.logger = logger
        switch mode {
        case .auto: method = nil
        case .sliding: method = .sliding
        case .v3: method = .v3
        }
    }

    /// One sync from where the store stands, by the method chosen.
    public func next(from positions: SyncPositions, waitsForNews: Bool) async throws(MatrixError) -> SyncResponse {
        switch try await chosenMethod() {
        case .v3:
            return try await nextByV3(from: positions, waitsForNews: waitsForNews)
        case .sliding:
            do throws(MatrixError) {
                return try await sliding.next(from: positions.sliding, userID: userID, waitsForNews: waitsForNews)
            } catch let error where Self.meansNoSlidingSync(error) {
                guard mode == .auto else { throw .slidingSyncUnavailable }
                logger.notice("The homeserver lists sliding sync but its endpoint does not answer; syncing with /v3")
                method = .v3
                return try await nextByV3(from: positions, waitsForNews: waitsForNews)
            }
        }
    }

    /// Whether a first sync comes in pages (sliding sync: a screen of rooms first); under `auto`
    /// this chooses the method, as the first request would. A server that cannot say yet counts
    /// as `/v3`'s.
    public var firstSyncIsPaged: Bool {
        get async { (try? await chosenMethod()) == .sliding }
    }

    /// A first `/v3` sync (the store synced only by sliding sync so far) never long-polls.
    private func nextByV3(from positions: SyncPositions, waitsForNews: Bool) async throws(MatrixError) -> SyncResponse {
        try await v3.next(since: positions.nextBatch, waitsForNews: waitsForNews && positions.nextBatch != nil)
    }

    /// Follows the open room with its full timeline where sliding sync runs (`/v3` sends every
    /// room's in full anyway). Returns whether a long-poll under way must give way to a request
    /// that says so.
    public func follow(roomID: String?) async -> Bool {
        guard method != .v3 else { return false }
        return await sliding.subscribe(to: roomID)
    }

    private func chosenMethod() async throws(MatrixError) -> SyncMethod {
        if let method { return method }
        let chosen: SyncMethod = try await sliding.isOffered() ? .sliding : .v3
        logger.info("Syncing with \(chosen.rawValue)")
        method = chosen
        return chosen
    }

    /// A server without the endpoint answers 404, or 400 `M_UNRECOGNIZED` as the spec asks.
    private static func meansNoSlidingSync(_ error: MatrixError) -> Bool {
        switch error {
        case .notFound, .server(errcode: "M_UNRECOGNIZED", _, _): true
        default: false
        }
    }
}
