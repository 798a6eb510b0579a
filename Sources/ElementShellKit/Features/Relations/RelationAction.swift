/// Acting on a message of the open room, named by a `MessageReference`.
public enum RelationAction: Sendable, Equatable {
    case reply(to: MessageReference, text: String)
    /// A new text for one of our own messages.
    case edit(MessageReference, text: String)
    /// `key` as typed: an emoji, or a `:shortcode:`.
    case react(to: MessageReference, key: String)
    case unreact(to: MessageReference, key: String)
    case redact(MessageReference, reason: String?)
}

extension RelationAction: CustomStringConvertible {
    public var description: String {
        switch self {
        case .reply(let reference, _): "reply(to: \(reference.text), text: <redacted>)"
        case .edit(let reference, _): "edit(\(reference.text), text: <redacted>)"
        case .react(let reference, _): "react(to: \(reference.text), key: <redacted>)"
        case .unreact(let reference, _): "unreact(to: \(reference.text), key: <redacted>)"
        case .redact(let reference, _): "redact(\(reference.text), reason: <redacted>)"
        }
    }
}

extension RelationAction {
    /// The command whose result this is.
    var command: CommandName {
        switch self {
        case .reply: .reply
        case .edit: .edit
        case .react: .react
        case .unreact: .unreact
        case .redact: .redact
        }
    }
}
