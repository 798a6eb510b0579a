import Foundation
import MatrixClient

/// One thing the shell tells the user. Every command ends with exactly one `.result`; background
/// work (a resumed session, config problems, a timer's line) reports on its own.
public struct Report: Sendable, Equatable {
    public enum Content: Sendable, Equatable {
        case result(command: String, outcome: Outcome)
        case sessionResumed(SessionSummary)
        /// The homeserver ended the session (signed out elsewhere, token revoked).
        case sessionEnded(userID: String)
        case configProblem(ConfigDiagnostic)
        /// A message arrived in the current room.
        case message(MessageView)
        /// A message of the current room was edited or redacted.
        case messageChanged(MessageView)
        /// Someone reacted to a message of the current room: `reference` is its `~N` if it was shown
        /// with one, else `excerpt` its words, if known.
        case reacted(senderName: RemoteText, key: RemoteText, reference: Int?, excerpt: RemoteText?)
        /// Someone mentioned the user in another room.
        case mentioned(roomName: RemoteText, count: Int)
        /// For a screen reader, which has no prompt count to glance at: what waits in another
        /// room, in a sentence.
        case news(roomName: RemoteText, messages: Int, mentions: Int)
        /// Someone invited the user to a room or a direct chat; it rings as a direct message does.
        case invited(Invitation)
        /// A mention or a direct message: ring, maybe notify; no line of its own.
        case attention(Attention)
        /// A message of ours could not be sent (yet).
        case sendProblem(transactionID: String, roomID: String, MatrixError, retryIn: Duration?)
        /// The first sync of a session is taking a while.
        case firstSyncUnderway
        /// The `sync` setting asks for sliding sync, and the homeserver does not offer it.
        case slidingSyncUnavailable
        /// Some of the account's push rules could not be read: they notify nothing.
        case pushRulesUnreadable(count: Int)
        /// A first sync that was announced as taking a while is done.
        case firstSyncFinished(roomCount: Int)
        /// Sync skipped messages of the open room; `/history` brings them.
        case gap(roomName: RemoteText)
        /// A joined room was upgraded by someone: the conversation goes on in its replacement.
        case roomUpgraded(roomName: RemoteText, roomID: String, replacement: RoomReplacement)
        /// Someone asks to join a room where the user may let them in (`/invite`) or not (`/kick`).
        case knocked(roomName: RemoteText, Knock)
        /// `/login` waits for the browser: the link that starts single sign-on, and whether it
        /// was opened in the desktop's browser.
        case signInLink(URL, openedInBrowser: Bool)
        /// `/login` waits for the person to approve this device's code in a browser.
        case deviceCode(DeviceCodePrompt)
        /// How far a large upload or download has come.
        case transfer(TransferNotice)
        /// A user shows another identity than the one verified (`wasVerified`: their devices are no
        /// longer trusted and messages to rooms with them are held) or accepted here; told with
        /// the rooms shared with them.
        case identityChanged(userID: String, wasVerified: Bool, rooms: [RemoteText])
        /// A room key bundle shared with this device on an invite it accepted: imported, or not yet and why.
        case historyShared(HistoryImport, room: RemoteText)
        /// A message went to a room where these users' identity changed, never verified, and the
        /// change was not accepted: said at the first send after the change.
        case sentDespiteIdentityReset(userIDs: [String], room: RemoteText)
        /// A key verification moved on: someone asks, the emoji are there to compare, it ended.
        case verification(VerificationSummary)
        /// Another own device shared secrets with this one.
        case secretsArrived(SecretsArrival)
        /// How many of the backup's room keys a restore has decrypted so far.
        case restoreProgress(done: Int, total: Int)
        /// A message's picture, ready after its line: drawn, or the reason it is not.
        case picture(ShownPicture)
        /// The preview of an address typed in the message being written, which it will carry.
        case previewReady(LinkPreview)
    }

    public var content: Content
    /// The script line that produced it, when it came from a file.
    public var location: ScriptLocation?

    public var isFailure: Bool {
        if case .result(_, .failure) = content { return true }
        return false
    }
}

/// What a command produced.
public enum Outcome: Sendable, Equatable {
    /// Succeeded with nothing to show.
    case done
    case help([HelpEntry], showsPlainLineHint: Bool)
    case message(MessageOutcome)
    case room(RoomOutcome)
    case space(SpaceOutcome)
    case membership(MembershipOutcome)
    case roles(RoleOutcome)
    case pin(PinOutcome)
    case upgrade(UpgradeOutcome)
    case directory(DirectoryOutcome)
    case poll(PollOutcome)
    case session(SessionOutcome)
    case settings(SettingsOutcome)
    case scripting(ScriptingOutcome)
    case queue(QueueOutcome)
    case thread(ThreadOutcome)
    case relation(RelationOutcome)
    case media(MediaOutcome)
    case draft(DraftOutcome)
    case link(LinkOutcome)
    case notification(NotificationOutcome)
    case safety(SafetyOutcome)
    case encryption(EncryptionOutcome)
    case trust(TrustOutcome)
    case verification(VerificationOutcome)
    case developer(DeveloperOutcome)
    case failure(ShellError)
}

/// A command in `/help`. Only its name is stored: the words are looked up when it is rendered,
/// in the language of that moment.
public struct HelpEntry: Sendable, Equatable {
    public var name: String
    /// The words of the command's forms the profile offers (`create` of `/space create`).
    public var variantWords: [String] = []

    var spec: CommandSpec? { CommandTable.spec(named: name) }
    /// The offered forms' usage and summary.
    public var variants: [(usage: String, summary: String)] {
        (spec?.variants ?? []).filter { variantWords.contains($0.word) }.map { ($0.usage, $0.summary) }
    }
    public var usage: String { spec?.usage ?? "/" + name }
    public var summary: String { spec?.summary ?? "" }
    public var aliases: [String] { spec?.aliases ?? [] }
    public var details: [String] { spec?.details ?? [] }
}

/// A line of a script file.
public struct ScriptLocation: Sendable, Equatable {
    public var file: String
    public var line: Int
}
