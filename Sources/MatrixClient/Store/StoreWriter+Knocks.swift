import GRDB

extension StoreWriter {
    /// The batch's knocks that the user is to be told of: in rooms where their power lets them
    /// answer (invite), by people they do not ignore, not their own.
    static func knocksToTell(in batch: SyncBatch, userID: String, ignored: Set<String>, database: Database) throws -> [Knock] {
        guard !batch.knocks.isEmpty else { return [] }
        var levels = try StoredPowerLevels(database: database)
        return try batch.knocks.filter { knock in
            guard knock.userID != userID, !ignored.contains(knock.userID) else { return false }
            return try levels.of(knock.roomID).refusal(of: .invite, by: userID, to: knock.userID) == nil
        }
    }
}
