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
        case .news(let name, let messages, let mentions):
            fields = ["type": "news", "room": name.json, "notification_count": .integer(Int64(messages)), "highlight_count": .integer(Int64(mentions))]
        case .firstSyncUnderway:
            fields = ["type": "first_sync", "event": "underway"]
        case .slidingSyncUnavailable:
            fields = ["type": "sync_problem", "code": "sliding_sync_unavailable", "message": .string(L10n.errorSlidingSyncUnavailable)]
        case .pushRulesUnreadable(let count):
            fields = ["type": "push_rules_problem", "code": "push_rules_unreadable", "count": .integer(Int64(count)),
                      "message": .string(L10n.errorPushRulesUnreadable(count))]
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
        case .knocked(let name, let knock):
            fields = knock.json.merging(["type": "knock", "room": name.json]) { $1 }
        case .roomUpgraded(let name, let roomID, let replacement):
            fields = ["type": "room_upgraded", "room": name.json, "room_id": .string(roomID), "replacement_room_id": .string(replacement.roomID),
                      "replacement_joined": .bool(replacement.name != nil)]
        case .transfer(let notice):
            fields = ["type": "transfer", "direction": .string(notice.direction.rawValue), "name": notice.fileName.json,
                      "done": .integer(notice.progress.done), "total": .integer(notice.progress.total)]
        case .identityChanged(let userID, let wasVerified, let rooms):
            fields = ["type": "identity_changed", "user_id": .string(userID), "was_verified": .bool(wasVerified),
                      "rooms": .array(rooms.map(\.json))]
        case .historyShared(let entry, let room):
            fields = HistoryImportText.json(for: entry, room: room)
        case .sentDespiteIdentityReset(let userIDs, let room):
            fields = ["type": "sent_despite_identity_reset", "room": room.json, "user_ids": .array(userIDs.map(JSONValue.string))]
        case .verification(let summary):
            fields = summary.json.merging(["type": "verification"]) { $1 }
        case .secretsArrived(let arrival):
            fields = ["type": "secrets_arrived", "cross_signing": .bool(arrival.crossSigning), "backup_key": .bool(arrival.backupKey),
                      "awaits_more": .bool(arrival.awaitsMore)]
        case .picture(let picture):
            fields = picture.json.merging(["type": "picture"]) { $1 }
        case .previewReady(let preview):
            fields = ["type": "link_preview", "preview": preview.json]
        case .restoreProgress(let done, let total):
            fields = ["type": "restore_progress", "done": .integer(Int64(done)), "total": .integer(Int64(total))]
        case .sendProblem(let transactionID, let roomID, let error, let delay):
            fields = [
                "type": "send_failed", "room_id": .string(roomID), "transaction_id": .string(transactionID),
                "error": ShellError.matrix(error).json,
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
        case .message(.queued(let message)): message.json
        case .room(let outcome): outcome.json
        case .space(let outcome): outcome.json
        case .membership(let outcome): outcome.json
        case .queue(let outcome): outcome.json
        case .thread(let outcome): outcome.json
        case .relation(let outcome): outcome.json
        case .media(let outcome): outcome.json
        case .draft(let outcome): outcome.json
        case .link(let outcome): outcome.json
        case .notification(let outcome): outcome.json
        case .safety(let outcome): outcome.json
        case .roles(let outcome): outcome.json
        case .pin(let outcome): outcome.json
        case .upgrade(let outcome): outcome.json
        case .directory(let outcome): outcome.json
        case .poll(let outcome): outcome.json
        case .encryption(let outcome): outcome.json
        case .trust(let outcome): outcome.json
        case .verification(let outcome): outcome.json
        case .developer(let outcome): outcome.json
        case .failure(let failure): ["error": failure.json]
        }
    }
}

extension ShellError {
    /// An error as `--output json` carries it: a stable code and the localized sentence.
    var json: JSONValue {
        ["code": .string(ErrorCodes.code(for: self)), "message": .string(ErrorMessages.message(for: self))]
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
            "url_previews": .array(previews.map(\.json)),
            "encrypted": .bool(encryption != nil), "verified": encryption?.isVerified.map(JSONValue.bool) ?? .null,
            "key_imported": .bool(encryption == .importedKey), "trust": encryption?.trustName.json ?? .null,
            "key_shared_by": encryption?.keySharedBy.map(JSONValue.string) ?? .null,
            "decryption_failure": encryption?.failure.map { .string($0.rawValue) } ?? .null,
            "malformed": malformedField.json, "poll": poll?.json ?? .null,
        ]
    }
}

extension MediaInfo {
    var json: JSONValue {
        let number = { (value: Int?) in value.map { JSONValue.integer(Int64($0)) } ?? .null }
        return ["url": .string(url), "encrypted": .bool(encryption != nil), "filename": fileName.json, "mimetype": mimeType.json,
                "size": number(size), "w": number(width), "h": number(height), "thumbnail": thumbnail?.json ?? .null]
    }
}

extension LinkPreview {
    var json: JSONValue {
        ["url": url.json, "matched_url": matchedURL.json, "title": title.json, "site_name": siteName.json, "description": summary.json,
         "image": image?.json ?? .null]
    }
}

extension MediaThumbnail {
    var json: JSONValue {
        let number = { (value: Int?) in value.map { JSONValue.integer(Int64($0)) } ?? .null }
        return ["url": .string(url), "encrypted": .bool(encryption != nil), "mimetype": mimeType.json, "size": number(size),
                "w": number(width), "h": number(height)]
    }
}
