import MatrixClient

/// Everything that can go wrong in a command, as the user should hear it. Errors from below
/// (parser, config, Matrix) are wrapped, not flattened, so the words are chosen in one place.
public enum ShellError: Error, Sendable, Equatable {
    case parse(CommandParseError)
    case noRoomOpen
    case unknownRoom(String)
    case invalidRoomAddress(String)
    /// The message could not be written to the outbox, so it was not taken.
    case notQueued
    /// Larger than an event may be (`EventSizeLimit`), so not queued; the text is kept as the draft.
    case messageTooLarge(bytes: Int, limit: Int)
    case unknownQueueNumber(Int)
    case storeUnavailable
    case notLoggedIn
    /// The homeserver signed this session out; its data waits for `/login`.
    case signedOut(userID: String)
    case alreadyLoggedIn(userID: String)
    case loginInProgress
    case homeserverNotAllowed(String, allowed: [String])
    case passwordUnavailable
    case passwordFileUnreadable(path: String)
    case cancelled
    case confirmationRequired(command: String)
    case matrix(MatrixError)
    case setting(SettingError)
    case unknownProfile(String, suggestion: String?)
    case unknownAlias(String)
    case invalidAliasName(String)
    case aliasShadowsCommand(String)
    case aliasTooDeep(String)
    case scriptUnreadable(path: String)
    case scriptTooDeep(path: String)
    case scriptFailed(path: String)
    case sessionNotSaved
    /// `/account`: the homeserver names no page where the account is managed.
    case noAccountManagement
    case waitTimedOut(seconds: Double)
    /// No message of the open room goes by this reference (as typed).
    case unknownMessage(String)
    /// The message this reference names is ours and still in the outbox: it has no event yet.
    case messageNotSent(String)
    /// Only the sender may edit a message.
    case notOwnMessage
    /// We have not reacted so to that message.
    case noSuchReaction(String)
    /// Not a Matrix user ID, nor the name of exactly one member of the open room.
    case unknownUser(String)
    /// The user's server knows no such user (their profile is not found); `command` with `!`
    /// goes ahead without looking.
    case userNotFound(String, command: String)
    /// `/verify USER`: the user has no device with keys, so nothing could answer.
    case userWithoutDevices(String)
    /// `/dm` of one's own ID.
    case directChatWithSelf
    /// `/accept` or `/decline` without a room, and no invite waits.
    case noInvites
    /// The room named to `/accept` or `/decline` is not an invite.
    case notInvited(roomName: RemoteText)
    /// Not usable as the local part of a room alias.
    case invalidRoomAlias(String)
    /// The room's power levels do not allow it; checked before asking the server.
    case notPermitted(CommandName, PowerRefusal)
    /// `/op` or `/deop` would lower the user's own level without `!`.
    case demotingSelf(command: String)
    /// `/unpin` of a message that is not pinned.
    case notPinned(String)
    /// `/directory --more` with no listing to go on with.
    case noMoreRooms
    /// `/vote` or `/endpoll` of a message that is no poll.
    case notAPoll(String)
    /// `/vote` or `/endpoll` of a poll that has ended.
    case pollEnded(String)
    /// `/vote` for an answer the poll does not have (by number, of `count`, or by text).
    case unknownPollAnswer(String, count: Int)
    case tooManyPollAnswers(allowed: Int)
    /// `/upgrade` of a room that was upgraded already.
    case alreadyUpgraded(roomName: RemoteText, replacementRoomID: String)
    /// What a command does (the state event it sends, removing another's message) needs a higher
    /// power level in that room than ours.
    case stateNotPermitted(command: String, roomName: RemoteText, required: Int, own: Int)
    /// The command (or its form) is off in this profile; the flag turns it on.
    case turnedOff(command: String, profile: String, flag: DeveloperOptions.Flag)
    /// No space of the session (nor, for `/space`, a room ID) goes by this name.
    case unknownSpace(String)
    /// `/space remove`: the room is not one of the space's.
    case notInSpace(room: RemoteText, space: RemoteText)
    /// `/upload`: nothing readable at the path.
    case fileUnreadable(path: String)
    /// `/upload`: a directory or a device, not a file.
    case notAFile(path: String)
    /// Larger than the server takes (or, when it does not say, than the shell moves).
    case fileTooLarge(path: String, limit: Int)
    /// `/download`: the message carries no file (or no usable `mxc://` address).
    case noMedia(reference: String)
    /// `/download`: the encrypted file is not what its message describes (damaged or replaced).
    case attachmentDamaged(name: String)
    /// `/link N` past the addresses `/links` listed.
    case unknownLink(number: Int, listed: Int)
    /// `/notify keywords remove` of a word that is no keyword.
    case unknownKeyword(RemoteText)
    /// `/ignore` of the user themselves.
    case ignoringSelf
    /// `/unignore` of someone not ignored.
    case notIgnored(String)
    /// `/invites block|allow` on a server that cannot block invites (spec v1.18).
    case inviteBlockingUnsupported
    /// An invite the invitee's server refused: they block invites (`M_INVITE_BLOCKED`).
    case inviteBlocked(userID: String)
    /// `/report` of a room or user to a server before spec v1.13 / v1.14.
    case reportUnsupported
    /// `/forget` of a room not left.
    case notLeft(roomName: RemoteText)
    /// `/view` of a message without a picture.
    case noPicture(reference: String)
    /// `/view` where nothing is drawn: batch mode, JSON, output into a pipe.
    case picturesUnavailable
    /// `/view` while the `images` setting is off.
    case picturesOff
    /// `/view` in screen-reader mode, where a picture's description takes its place.
    case picturesDescribed
    /// `/view` of a picture that could not be drawn; `label` names it as its notice would.
    case pictureNotShown(label: String, PictureProblem)
    /// `/download`: the file could not be written there.
    case fileNotWritten(path: String)
    case encryption(EncryptionError)
    case recovery(RecoveryError)
    case login(LoginError)
    case verification(VerificationError)
}
