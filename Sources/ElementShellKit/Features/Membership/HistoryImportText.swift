import MatrixClient
import MatrixJSON

/// How a room key bundle shared with this device is told: imported, or why not yet.
struct HistoryImportText {
    let theme: Theme

    func lines(for entry: HistoryImport, room: RemoteText) -> [String] {
        let user = TerminalSanitizer.clean(entry.sharedBy), device = TerminalSanitizer.clean(entry.deviceID)
        switch entry.outcome {
        case .imported(let keys, _, let skipped):
            return [theme.accent(L10n.screenHistoryImported(user, room.shown, keys))]
                + (skipped > 0 ? [theme.warning(L10n.screenHistoryImportSkipped(skipped))] : [])
        case .refused(.unverifiedDevice): return [theme.warning(L10n.screenHistoryRefusedUnverified(user, room.shown, device))]
        case .refused(.unknownDevice): return [theme.warning(L10n.screenHistoryRefusedUnknownDevice(user, room.shown, device))]
        case .refused(.identityChanged): return [theme.warning(L10n.screenHistoryRefusedIdentityChanged(user, room.shown))]
        case .refused(.unavailable): return [theme.dim(L10n.screenHistoryRefusedUnavailable(user, room.shown))]
        case .refused(.malformed), .refused(.tooLarge): return [theme.warning(L10n.screenHistoryRefusedUnreadable(user, room.shown))]
        }
    }

    static func json(for entry: HistoryImport, room: RemoteText) -> [String: JSONValue] {
        var fields: [String: JSONValue] = ["type": "history_shared", "room": room.json, "room_id": .string(entry.roomID),
                                           "shared_by": .string(entry.sharedBy), "device_id": .string(entry.deviceID)]
        switch entry.outcome {
        case .imported(let keys, let total, let skipped):
            fields.merge(["imported": .integer(Int64(keys)), "total": .integer(Int64(total)), "skipped": .integer(Int64(skipped)),
                          "refused": .null]) { $1 }
        case .refused(let reason):
            fields.merge(["imported": .null, "refused": .string(reason.rawValue)]) { $1 }
        }
        return fields
    }
}
