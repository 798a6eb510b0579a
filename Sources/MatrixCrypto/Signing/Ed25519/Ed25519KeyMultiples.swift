import Foundation
import Synchronization

/// The multiples tables of the few keys that verify most now (a Megolm session's key signs each
/// of its messages). A table costs about two verifications to make and 30 kB to keep, so a key
/// gets one at its third signature within the last few hundred keys seen, and only the most
/// recently used `capacity` are kept.
final class Ed25519KeyMultiples: Sendable {
    static let shared = Ed25519KeyMultiples(capacity: 8, sightingsBeforeTable: 3)

    private struct State {
        var tables: [Data: (table: Ed25519MultiplesTable, lastUse: UInt64)] = [:]
        var sightings: [Data: Int] = [:]
        var uses: UInt64 = 0
    }

    private enum Lookup {
        case kept(Ed25519MultiplesTable)
        case notYet
        case due
    }

    private let capacity: Int
    private let sightingsBeforeTable: Int
    private static let sightingsKept = 512
    private let state = Mutex(State())

    init(capacity: Int, sightingsBeforeTable: Int) {
        self.capacity = capacity
        self.sightingsBeforeTable = sightingsBeforeTable
    }

    /// The table of `key` (its 32 bytes), made now if this is its turn; nil while it is not, or
    /// when the bytes name no point (verification then refuses them as it always would).
    func table(for key: Data) -> Ed25519MultiplesTable? {
        let lookup: Lookup = state.withLock { state in
            state.uses += 1
            if let entry = state.tables[key] {
                state.tables[key]?.lastUse = state.uses
                return .kept(entry.table)
            }
            if state.sightings.count >= Self.sightingsKept { state.sightings.removeAll(keepingCapacity: true) }
            let seen = state.sightings[key, default: 0] + 1
            state.sightings[key] = seen < sightingsBeforeTable ? seen : nil
            return seen < sightingsBeforeTable ? .notYet : .due
        }
        switch lookup {
        case .kept(let table): return table
        case .notYet: return nil
        case .due: break
        }
        // Its turn: made outside the lock (another thread making the same one meanwhile only costs time).
        guard let point = EdwardsPoint(encoded: [UInt8](key)) else { return nil }
        let table = Ed25519MultiplesTable(point)
        state.withLock { state in
            if state.tables.count >= capacity, let oldest = state.tables.min(by: { $0.value.lastUse < $1.value.lastUse })?.key {
                state.tables[oldest] = nil
            }
            state.tables[key] = (table, state.uses)
        }
        return table
    }
}
