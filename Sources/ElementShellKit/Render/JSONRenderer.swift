import MatrixClient
import MatrixJSON

/// Reports as one JSON object each, for `--output json`. The schema is in docs/json-output.md;
/// change it only by adding fields.
public enum JSONRenderer {
    public static func object(for report: Report) -> JSONValue {
        var fields: [String: JSONValue]
        switch report.content {
        case .result(let command, let outcome):
            fields = ["type": "result", "command": .string(command), "ok": .bool(!report.isFailure)]
            fields.merge(payload(for: outcome)) { $1 }
        case .sessionEnded(let userID):
            fields = ["type": "session", "event": "ended", "user_id": .string(userID)]
        case .sessionResumed(let summary):
            fields = ["type": "session", "event": "resumed"]
            fields.merge(summary.json) { $1 }
        case .message(let message):
            fields = message.json.merging(["type": "message"]) { $1 }
        case .messageChanged(let message):
            fields = message.json.merging(["type": "message_changed"]) { $1 }
        case .reacted(let name, let key, let reference, let excerpt):
            fields = ["type": "reaction", "sender_name": name.json, "key": key.json, "ref": reference.map { .string("~\($0)") } ?? .null,
                      "excerpt": excerpt?.json ?? .null]
        case .attention(let attention):
            // Scripts learn who and where; the text came as a message if its room is open.
            fields = ["type": "notification", "room": attention.roomName.json, "sender_name": attention.senderName.json,
                      "mention": .bool(attention.isMention)]
        case .invited(let invitation):
            fields = ["type": "invite", "room_id": .string(invitation.roomID), "room": invitation.roomName?.json ?? .null,
                      "inviter": .string(invitation.inviterID), "inviter_name": invitation.inviterName?.json ?? .null,
                      "direct": .bool(invitation.isDirect), "number": invitation.number.map { .integer(Int64($0)) } ?? .null]
        case .mentioned(let name, let count):
            fields = ["type": "mention", "room": name.json, "highlight_count": .integer(Int64(count))]
        case .firstSyncUnderway:
            fields = ["type": "first_sync", "event": "underway"]
        case .slidingSyncUnavailable:
            fields = ["type": "sync_problem", "code": "sliding_sync_unavailable", "message": .string(L10n.errorSlidingSyncUnavailable)]
        case .firstSyncFinished(let count):
            fields = ["type": "first_sync", "event": "finished", "room_count": .integer(Int64(count))]
        case .signInLink(let url, let opened):
            fields = ["type": "sign_in", "method": "sso", "url": .string(url.absoluteString), "opened_in_browser": .bool(opened)]
        case .deviceCode(let prompt):
            fields = ["type": "sign_in", "method": "oauth", "url": .string(prompt.verificationURI.absoluteString), "user_code": .string(prompt.userCode),
                      "url_complete": prompt.verificationURIComplete.map { .string($0.absoluteString) } ?? .null,
                      "expires_in": .integer(Int64(prompt.expiresIn)), "opened_in_browser": .bool(prompt.openedInBrowser)]
        case .gap(let name):
            fields = ["type": "gap", "room": name.json]
        case .transfer(let notice):
            fields = ["type": "transfer", "direction": .string(notice.direction.rawValue), "name": .string(notice.fileName),
                      "done": .integer(notice.progress.done), "total": .integer(notice.progress.total)]
        case .identityChanged(let userID):
            fields = ["type": "identity_changed", "user_id": .string(userID)]
        case .verification(let summary):
            fields = summary.json.merging(["type": "verification"]) { $1 }
        case .secretsArrived(let arrival):
            fields = ["type": "secrets_arrived", "cross_signing": .bool(arrival.crossSigning), "backup_key": .bool(arrival.backupKey),
                      "awaits_more": .bool(arrival.awaitsMore)]
        case .restoreProgress(let done, let total):
            fields = ["type": "restore_progress", "done": .integer(Int64(done)), "total": .integer(Int64(total))]
        case .sendProblem(let transactionID, let roomID, let error, let delay):
            fields = [
                "type": "send_failed", "room_id": .string(roomID), "transaction_id": .string(transactionID),
                "error": ["code": .string(ErrorCodes.code(for: .matrix(error))), "message": .string(ErrorMessages.message(for: .matrix(error)))],
                "retry_in": delay.map { .integer($0.components.seconds + 1) } ?? .null,
            ]
        case .configProblem(let diagnostic):
            fields = [
                "type": "warning",
                "error": ["code": .string(ErrorCodes.code(for: diagnostic.problem)), "message": .string(ErrorMessages.message(for: diagnostic.problem))],
                "file": .string(diagnostic.file), "line": .integer(Int64(diagnostic.line)), "column": .integer(Int64(diagnostic.column)),
            ]
        }
        if let location = report.location {
            fields["file"] = .string(location.file)
            fields["line"] = .integer(Int64(location.line))
        }
        return .object(fields)
    }

    private static func payload(for outcome: Outcome) -> [String: JSONValue] {
        switch outcome {
        case .done: [:]
        case .help(let entries, _):
            ["commands": .array(entries.map {
                ["name": .string($0.name), "usage": .string($0.usage), "summary": .string($0.summary),
                 "aliases": .array($0.aliases.map(JSONValue.string)), "details": .array($0.details.map(JSONValue.string)),
                 "variants": .array($0.variants.map { ["usage": .string($0.usage), "summary": .string($0.summary)] })]
            })]
        case .session(let outcome): outcome.json
        case .settings(let outcome): outcome.json
        case .scripting(let outcome): outcome.json
        case .opened(let name, let messages, let draft):
            ["room": name.json, "messages": .array(messages.map { .object($0.json) }), "draft": draft.json]
        case .openedBeforeSync(let name, let draft): ["room": name.json, "messages": [], "draft": draft.json, "awaiting_sync": .bool(true)]
        case .queued(let message): message.json
        case .thread(let outcome): outcome.json
        case .searchResults(let hits, let skipsEncrypted):
            ["results": .array(hits.map { .object($0.message.json.merging(["room": $0.roomName.json]) { $1 }) }),
             "encrypted_not_searched": .bool(skipsEncrypted)]
        case .history(let messages): ["messages": .array(messages.map { .object($0.json) })]
        case .members(let members): ["members": .array(members.map { ["user_id": .string($0.userID), "name": $0.name.json] })]
        case .roomText(let kind, let text): [kind.rawValue: text?.json ?? .null]
        case .roomTextChanged: [:]
        case .queue(let outcome): outcome.json
        case .relation(let outcome): outcome.json
        case .media(.downloaded(let path, let size)): ["path": .string(path), "size": .integer(Int64(size))]
        case .draft(let outcome): outcome.json
        case .joined(let roomID, let roomName): ["room_id": .string(roomID), "name": roomName.json]
        case .alreadyInSpace(let roomID, let name): ["room_id": .string(roomID), "name": name.json, "already_joined": .bool(true)]
        case .left(let name): ["room": name.json]
        case .spaceChildAdded(let space, let room, let parentLinked):
            ["space": space.json, "room": room.json, "parent_linked": .bool(parentLinked)]
        case .spaceChildRemoved(let space, let room, let parentUnlinked):
            ["space": space.json, "room": room.json, "parent_unlinked": .bool(parentUnlinked)]
        case .joinRule(let rule, let spaces, let changed): ["join_rule": .string(rule), "spaces": .array(spaces.map(JSONValue.string)), "changed": .bool(changed)]
        case .membership(let outcome): outcome.json
        case .rooms(let rooms, let cells): ["rooms": numbered(NumberedRoom.numbering(rooms)) { cells[$0.roomID].map(spaceCell) ?? [:] }]
        case .unreadRooms(let rooms, let cells): ["rooms": numbered(rooms) { cells[$0.roomID].map(spaceCell) ?? [:] }]
        case .markedRead(let name): ["room": name.json]
        case .spaces(let spaces): ["spaces": numbered(NumberedRoom.numbering(spaces), adding: { ["child_count": .integer(Int64($0.spaceChildren.count))] })]
        case .spaceRooms(let name, let rooms): ["space": name.json, "rooms": .array(rooms.map { .object($0.json) })]
        case .spaceHierarchy(let name, let rooms, let isComplete, _):
            ["space": name.json, "complete": .bool(isComplete), "rooms": .array(rooms.enumerated().map { index, room in
                ["number": .integer(Int64(index + 1)), "room_id": .string(room.roomID), "name": room.name.json, "canonical_alias": room.canonicalAlias.json,
                 "topic": room.topic.json, "joined_member_count": .integer(Int64(room.joinedMemberCount)), "is_space": .bool(room.isSpace),
                 "join_rule": room.joinRule.json, "via": .array(room.via.map(JSONValue.string)),
                 "membership": room.membership.map { .string($0.rawValue) } ?? .null,
                 "notification_count": .integer(Int64(room.notificationCount)), "highlight_count": .integer(Int64(room.highlightCount)),
                 "latest": room.latest.map(preview) ?? .null]
            })]
        case .spaceKicked(let userID, let name, let results):
            ["user_id": .string(userID), "space": name.json, "rooms": .array(results.map { result in
                ["room_id": .string(result.roomID), "room": .string(result.roomName), "removed": .bool(result.error == nil),
                 "invited": .bool(result.wasInvited), "error": result.error.map(error) ?? .null]
            })]
        case .encryption(let outcome): outcome.json
        case .trust(let outcome): outcome.json
        case .verification(let outcome): outcome.json
        case .developer(let outcome): outcome.json
        case .failure(let failure): ["error": error(failure)]
        }
    }

    /// Rooms as shown, each with its number.
    private static func numbered(_ rooms: [NumberedRoom], adding extra: (RoomRecord) -> [String: JSONValue] = { _ in [:] }) -> JSONValue {
        .array(rooms.map { listed in .object(listed.room.json.merging(extra(listed.room).merging(["number": .integer(Int64(listed.number))]) { $1 }) { $1 }) })
    }

    /// A grouped space's member count and the newest message of its rooms.
    private static func spaceCell(_ cell: SpaceCell) -> [String: JSONValue] {
        ["joined_member_count": .integer(Int64(cell.joinedMemberCount)), "latest": cell.latest.map(preview) ?? .null]
    }

    /// A room's newest message, as room lists show it.
    private static func preview(_ latest: RoomPreview) -> JSONValue {
        ["room_id": .string(latest.roomID), "room_name": .string(latest.roomName), "sender_name": .string(latest.senderName),
         "body": .string(latest.body), "msgtype": .string(latest.msgtype), "origin_server_ts": .integer(latest.timestamp),
         "redacted": .bool(latest.isRedacted), "decryption_failure": latest.decryptionFailure.map { .string($0.rawValue) } ?? .null]
    }

    private static func error(_ error: ShellError) -> JSONValue {
        ["code": .string(ErrorCodes.code(for: error)), "message": .string(ErrorMessages.message(for: error))]
    }

    /// A setting's value as JSON: numbers as numbers, unset as null.

}

extension RoomRecord {
    /// The fields every room object carries in `--output json`.
    var json: [String: JSONValue] {
        ["room_id": .string(roomID), "name": .string(RoomName.of(self)), "membership": .string(membership.rawValue),
         "canonical_alias": canonicalAlias.json, "is_direct": .bool(isDirect), "is_space": .bool(isSpace), "encrypted": .bool(encryption != nil),
         "notification_count": .integer(Int64(notificationCount)), "highlight_count": .integer(Int64(highlightCount))]
    }
}

extension MessageView {
    /// The fields every message object carries in `--output json`.
    var json: [String: JSONValue] {
        [
            "room_id": .string(roomID), "event_id": eventID.json, "transaction_id": transactionID.json,
            "sender": .string(sender), "sender_name": senderName.json, "msgtype": .string(msgtype), "body": body.json,
            "formatted_body": formattedBody?.json ?? .null,
            "origin_server_ts": .integer(timestamp), "pending": .bool(isPending),
            "ref": reference.map { .string("~\($0)") } ?? .null,
            "reply_to": replyQuote.map { quote in
                ["sender_name": quote.senderName.json, "body": quote.body.json, "ref": quote.reference.map { .string("~\($0)") } ?? .null]
            } ?? .null,
            "edited": .bool(isEdited), "redacted": .bool(isRedacted), "redaction_reason": redactionReason?.json ?? .null,
            "reactions": .array(reactions.map { ["key": $0.key.json, "count": .integer(Int64($0.count))] }),
            "thread": threadSummary.map { ["reply_count": .integer(Int64($0.replyCount)), "latest_sender_name": $0.latestSenderName.json] } ?? .null,
            "thread_root_ref": threadReference.map { .string("~\($0)") } ?? .null,
            "media": media.map(\.json) ?? .null,
            "encrypted": .bool(encryption != nil), "verified": encryption?.isVerified.map(JSONValue.bool) ?? .null,
            "key_imported": .bool(encryption == .importedKey), "trust": encryption?.trustName.json ?? .null,
            "decryption_failure": encryption?.failure.map { .string($0.rawValue) } ?? .null,
            "malformed": malformedField.json,
        ]
    }
}

extension MediaInfo {
    var json: JSONValue {
        let number = { (value: Int?) in value.map { JSONValue.integer(Int64($0)) } ?? .null }
        return ["url": .string(url), "filename": fileName.json, "mimetype": mimeType.json, "size": number(size),
                "w": number(width), "h": number(height)]
    }
}
