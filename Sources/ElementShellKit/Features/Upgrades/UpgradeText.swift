import MatrixClient

/// `/upgrade`'s result, and the line of a room another member upgraded.
enum UpgradeText {
    static func lines(for outcome: UpgradeOutcome) -> [String] {
        switch outcome {
        case .upgraded(let roomName, let roomID, let version, let invited, let notInvited):
            [L10n.screenUpgradeDone(roomName.shown, TerminalSanitizer.clean(version), TerminalSanitizer.clean(roomID))]
                + (invited.isEmpty ? [] : [L10n.screenUpgradeInvited(invited.count)])
                + (notInvited.isEmpty ? [] : [L10n.screenUpgradeNotInvited(notInvited.map(TerminalSanitizer.clean).joined(separator: ", "))])
        }
    }

    /// Sync brought the tombstone of a joined room.
    static func line(forUpgradeOf roomName: RemoteText, to replacement: RoomReplacement) -> String {
        let roomID = TerminalSanitizer.clean(replacement.roomID)
        return replacement.name.map { L10n.screenRoomUpgradedJoined(roomName.shown, $0.shown) } ?? L10n.screenRoomUpgradedNotJoined(roomName.shown, roomID)
    }
}
