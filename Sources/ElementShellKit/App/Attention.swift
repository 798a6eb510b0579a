import Foundation
import MatrixClient

/// A message that asks for the user: it mentions them (the server's push rules say so), or it is
/// a direct message. The terminal bell rings for it, and a desktop notification may show it.
public struct Attention: Sendable, Equatable {
    public var roomName: RemoteText
    public var senderName: RemoteText
    /// User content: shown only when the user opted in (`notify_bodies`), never logged.
    public var body: RemoteText
    public var isMention: Bool
    /// An invite rather than a message: the notification says so, and has no body.
    public var isInvite = false
}

/// The `notify-send` command line for an attention: who wrote in which room, and the message
/// itself only when the user opted in. Everything is sanitized: a notification daemon may show
/// markup, and the text is the sender's.
public enum DesktopNotification {
    public static func arguments(for attention: Attention, appName: String, includingBody: Bool) -> [String] {
        let title = L10n.screenNotificationTitle(attention.senderName.shown, attention.roomName.shown)
        let text = if attention.isInvite {
            L10n.screenNotificationInvite
        } else if includingBody {
            attention.body.shown
        } else {
            attention.isMention ? L10n.screenNotificationMention : L10n.screenNotificationDirect
        }
        // notify-send bodies may be read as markup: what the sender wrote stays literal.
        return ["--app-name=" + appName, "--", HTMLEscaping.escaped(title), HTMLEscaping.escaped(text)]
    }
}

/// What notified in one room in one sync, by the push rules.
struct RoomAlert {
    /// The newest message that notified, if the sync brought it.
    var message: MessageRecord?
    var mentions = 0
    /// A mention, or a rule that asked for a sound: the bell rings.
    var asksForAttention = false
}
