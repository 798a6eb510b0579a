import Foundation
import MatrixJSON

/// `PUT /_matrix/client/v3/rooms/{roomId}/send/{eventType}/{txnId}`, or for a redaction
/// `PUT …/redact/{eventId}/{txnId}`: the transaction ID makes a repeated request (after a
/// timeout, a crash, a restart) land only once.
struct SentEvent: Decodable, Sendable, Equatable {
    var eventID: String

    enum CodingKeys: String, CodingKey {
        case eventID = "event_id"
    }
}

extension MatrixEndpoint where Response == SentEvent {
    /// `encrypted`: the entry's content as `m.room.encrypted` content, for an encrypted room.
    static func send(_ entry: OutboxEntry, encrypted: JSONValue? = nil) -> Self {
        if case .redaction(let eventID) = entry.relation {
            return MatrixEndpoint(method: .put, path: ["_matrix", "client", "v3", "rooms", entry.roomID, "redact", eventID, entry.transactionID],
                                  body: OutgoingContent.content(for: entry), isAuthenticated: true)
        }
        return sendEvent(type: encrypted == nil ? entry.eventType : MessageRecord.encryptedType,
                         content: encrypted ?? OutgoingContent.content(for: entry), roomID: entry.roomID, transactionID: entry.transactionID)
    }

    /// Any event with its content as given (already encrypted where it must be).
    static func sendEvent(type: String, content: JSONValue, roomID: String, transactionID: String) -> Self {
        MatrixEndpoint(method: .put, path: ["_matrix", "client", "v3", "rooms", roomID, "send", type, transactionID], body: content,
                       isAuthenticated: true)
    }
}

/// The JSON content of an outgoing event, made from its outbox entry when it is sent.
public enum OutgoingContent {
    /// The `format` of `formatted_body` in the spec: the only one there is.
    static let htmlFormat = "org.matrix.custom.html"

    public static func content(for entry: OutboxEntry) -> JSONValue {
        if let poll = entry.poll { return poll.content }
        switch entry.relation {
        case .pollResponse(let pollID, let answers):
            return ["m.relates_to": ["rel_type": "m.reference", "event_id": .string(pollID)],
                    PollEventType.unstableResponse: ["answers": .array(answers.map { .string($0) })]]
        case .pollEnd(let pollID):
            return ["m.relates_to": ["rel_type": "m.reference", "event_id": .string(pollID)], PollEventType.unstableEnd: [:],
                    PollEventType.unstableText: .string(entry.body)]
        case .annotation(let eventID, let key):
            return ["m.relates_to": ["rel_type": "m.annotation", "event_id": .string(eventID), "key": .string(key)]]
        case .redaction:
            return entry.body.isEmpty ? [:] : ["reason": .string(entry.body)]
        case .replacement(let eventID):
            // Clients without edits show the fallback: the new text marked with a star.
            var fallback = message(msgtype: entry.msgtype, body: "* " + entry.body, formattedBody: entry.formattedBody.map { "* " + $0 }, media: nil)
            fallback["m.new_content"] = .object(message(msgtype: entry.msgtype, body: entry.body, formattedBody: entry.formattedBody, media: entry.media,
                                                        previews: entry.previews))
            fallback["m.relates_to"] = ["rel_type": "m.replace", "event_id": .string(eventID)]
            return .object(fallback)
        case .reply(let eventID, let sender):
            var content = message(msgtype: entry.msgtype, body: entry.body, formattedBody: entry.formattedBody, media: entry.media,
                                  previews: entry.previews, alsoMentioning: sender)
            content["m.relates_to"] = ["m.in_reply_to": ["event_id": .string(eventID)]]
            return .object(content)
        case .thread(let root, let latest):
            var content = message(msgtype: entry.msgtype, body: entry.body, formattedBody: entry.formattedBody, media: entry.media,
                                  previews: entry.previews)
            content["m.relates_to"] = ["rel_type": "m.thread", "event_id": .string(root), "is_falling_back": .bool(true),
                                       "m.in_reply_to": ["event_id": .string(latest)]]
            return .object(content)
        case nil:
            return .object(message(msgtype: entry.msgtype, body: entry.body, formattedBody: entry.formattedBody, media: entry.media,
                                   previews: entry.previews))
        }
    }

    /// A message's content. `m.mentions` is always there: who is named in it (and whom a reply
    /// answers), so that nobody is notified by a name that merely appears in the text. A media
    /// message adds its file's `url`, `info` and `filename`; one with link previews their bundle,
    /// under the unstable name readers know today (MSC4095).
    private static func message(msgtype: String, body: String, formattedBody: String?, media: MediaInfo?, previews: [LinkPreview]? = nil,
                                alsoMentioning extra: String? = nil) -> [String: JSONValue] {
        var mentioned = Mentions.userIDs(in: body)
        if let extra, !mentioned.contains(extra) { mentioned.append(extra) }
        var content: [String: JSONValue] = ["msgtype": .string(msgtype), "body": .string(body),
                                            "m.mentions": mentioned.isEmpty ? [:] : ["user_ids": .array(mentioned.map(JSONValue.string))]]
        if let formattedBody {
            content["format"] = .string(OutgoingContent.htmlFormat)
            content["formatted_body"] = .string(formattedBody)
        }
        content.merge(media?.contentFields ?? [:]) { _, file in file }
        if let previews, !previews.isEmpty { content[LinkPreview.unstableBundleKey] = .array(previews.map(\.contentJSON)) }
        return content
    }
}
