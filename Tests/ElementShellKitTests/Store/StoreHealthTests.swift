import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// What a problem report reads of the store: SQLite's verdict and counts, never rows.
@Suite struct StoreHealthTests {
    @Test func aNewStoreIsSoundAndCountsItsTables() async throws {
        let directory = TemporaryDirectory()
        let store = try StoreWriter(url: directory.url.appending(path: "store.sqlite"))
        try await store.enqueue(OutboxEntry(transactionID: "t1", roomID: "!lobby:hs", msgtype: "m.text", body: "private words", createdAt: 0))
        let health = try await store.health()
        #expect(health.integrityCheck == ["ok"])
        #expect(health.rowCounts["outbox"] == 1)
        #expect(health.rowCounts["room"] == 0)
        #expect(!health.rowCounts.keys.contains { $0.hasPrefix("sqlite_") })
    }
}
