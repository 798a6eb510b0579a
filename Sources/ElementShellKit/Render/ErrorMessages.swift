import MatrixClient

/// The one place where an error becomes words. Values from outside are sanitized here.
public enum ErrorMessages {
    /// A command line that cannot run, and where to look.
    public static func message(for error: LaunchOptionsError) -> String {
        let problem = switch error {
        case .unknownOption(let flag): L10n.errorCLIUnknownOption(clean(flag))
        case .unexpectedArgument(let argument): L10n.errorCLIUnexpectedArgument(clean(argument))
        case .missingValue(let flag): L10n.errorCLIMissingValue(clean(flag))
        case .unexpectedValue(let flag): L10n.errorCLIUnexpectedValue(clean(flag))
        case .invalidOutput(let value): L10n.errorCLIInvalidOutput(clean(value))
        }
        return problem + " " + L10n.screenCLIHelpHint
    }

    public static func message(for error: ShellError) -> String {
        switch error {
        case .parse(let error): message(for: error)
        case .noRoomOpen: L10n.errorNoRoomOpen
        case .unknownRoom(let target): L10n.errorUnknownRoom(clean(target))
        case .invalidRoomAddress(let target): L10n.errorInvalidRoomAddress(clean(target))
        case .notQueued: L10n.errorNotQueued
        case .messageTooLarge(let bytes, let limit): L10n.errorMessageTooLarge(FileSizeText.text(Int64(bytes)), FileSizeText.text(Int64(limit)))
        case .unknownQueueNumber(let number): L10n.errorUnknownQueueNumber(number)
        case .storeUnavailable: L10n.errorStoreUnavailable
        case .notLoggedIn: L10n.errorNotLoggedIn
        case .signedOut(let userID): L10n.errorSignedOut(clean(userID))
        case .alreadyLoggedIn(let userID): L10n.errorAlreadyLoggedIn(clean(userID))
        case .loginInProgress: L10n.errorLoginInProgress
        case .homeserverNotAllowed(let homeserver, let allowed):
            L10n.errorHomeserverNotAllowed(clean(homeserver), clean(allowed.joined(separator: ", ")))
        case .passwordUnavailable: L10n.errorPasswordUnavailable
        case .passwordFileUnreadable(let path): L10n.errorPasswordFileUnreadable(clean(path))
        case .cancelled: L10n.errorCancelled
        case .confirmationRequired(let command): L10n.errorConfirmationRequired(clean(command))
        case .matrix(let error): message(for: error)
        case .setting(let error): message(for: error)
        case .unknownProfile(let name, let suggestion): withSuggestion(L10n.errorUnknownProfile(clean(name)), suggestion)
        case .unknownAlias(let name): L10n.errorUnknownAlias(clean(name))
        case .invalidAliasName(let name): L10n.errorInvalidAliasName(clean(name))
        case .aliasShadowsCommand(let name): L10n.errorAliasShadowsCommand(clean(name))
        case .aliasTooDeep(let name): L10n.errorAliasTooDeep(clean(name))
        case .scriptUnreadable(let path): L10n.errorScriptUnreadable(clean(path))
        case .scriptTooDeep(let path): L10n.errorScriptTooDeep(clean(path))
        case .scriptFailed(let path): L10n.errorScriptFailed(clean(path))
        case .sessionNotSaved: L10n.errorSessionNotSaved
        case .noAccountManagement: L10n.errorNoAccountManagement
        case .waitTimedOut(let seconds): L10n.errorWaitTimedOut(Int(seconds.rounded(.up)))
        case .unknownMessage(let reference): L10n.errorUnknownMessage(clean(reference))
        case .messageNotSent(let reference): L10n.errorMessageNotSent(clean(reference))
        case .notOwnMessage: L10n.errorNotOwnMessage
        case .noSuchReaction(let key): L10n.errorNoSuchReaction(clean(key))
        case .unknownUser(let user): L10n.errorUnknownUser(clean(user))
        case .userNotFound(let userID, let command): L10n.errorUserNotFound(clean(userID), clean("/" + command))
        case .userWithoutDevices(let userID): L10n.errorUserWithoutDevices(clean(userID))
        case .directChatWithSelf: L10n.errorDirectChatWithSelf
        case .noInvites: L10n.errorNoInvites
        case .notInvited(let name): L10n.errorNotInvited(name.shown)
        case .invalidRoomAlias(let alias): L10n.errorInvalidRoomAlias(clean(alias))
        case .notPermitted(let command, let refusal): message(for: refusal, of: command)
        case .demotingSelf(let command): L10n.errorDemotingSelf(clean("/" + command))
        case .notPinned(let reference): L10n.errorNotPinned(clean(reference))
        case .noMoreRooms: L10n.errorNoMoreRooms
        case .notAPoll(let reference): L10n.errorNotAPoll(clean(reference))
        case .pollEnded(let reference): L10n.errorPollEnded(clean(reference))
        case .unknownPollAnswer(let answer, let count): L10n.errorUnknownPollAnswer(clean(answer), count)
        case .tooManyPollAnswers(let allowed): L10n.errorTooManyPollAnswers(allowed)
        case .alreadyUpgraded(let roomName, let replacementRoomID): L10n.errorAlreadyUpgraded(roomName.shown, clean(replacementRoomID))
        case .unknownSpace(let target): L10n.errorUnknownSpace(clean(target))
        case .notInSpace(let room, let space): L10n.errorNotInSpace(room.shown, space.shown)
        case .stateNotPermitted(let command, let roomName, let required, let own):
            L10n.errorPowerLevelTooLowIn(clean(command), powerLevel(required), roomName.shown, powerLevel(own))
        case .turnedOff(let command, let profile, let flag): L10n.errorCommandTurnedOff(clean(command), clean(profile), flag.settingName)
        case .fileUnreadable(let path): L10n.errorFileUnreadable(clean(path))
        case .notAFile(let path): L10n.errorNotAFile(clean(path))
        case .fileTooLarge(let path, let limit): L10n.errorFileTooLarge(clean(path), FileSizeText.text(Int64(limit)))
        case .noMedia(let reference): L10n.errorNoMedia(clean(reference))
        case .attachmentDamaged(let name): L10n.errorAttachmentDamaged(clean(name))
        case .noPicture(let reference): L10n.errorNoPicture(clean(reference))
        case .unknownLink(let number, let listed): listed == 0 ? L10n.errorNoLinks(number) : L10n.errorUnknownLink(number, listed)
        case .unknownKeyword(let keyword): L10n.errorUnknownKeyword(keyword.shown)
        case .ignoringSelf: L10n.errorIgnoringSelf
        case .notIgnored(let user): L10n.errorNotIgnored(clean(user))
        case .inviteBlockingUnsupported: L10n.errorInviteBlockingUnsupported
        case .inviteBlocked(let userID): L10n.errorInviteBlocked(clean(userID))
        case .reportUnsupported: L10n.errorReportUnsupported
        case .notLeft(let roomName): L10n.errorNotLeft(roomName.shown)
        case .picturesUnavailable: L10n.errorPicturesUnavailable
        case .picturesOff: L10n.errorPicturesOff
        case .picturesDescribed: L10n.errorPicturesDescribed
        case .pictureNotShown(let label, let problem): PictureText.notice(problem, label: clean(label))
        case .fileNotWritten(let path): L10n.errorFileNotWritten(clean(path))
        case .encryption(let error): message(for: error)
        case .recovery(let error): message(for: error)
        case .login(let error): message(for: error)
        case .verification(let error): message(for: error)
        }
    }

    /// Names the level the change needs, or why the target is out of reach.
    static func message(for refusal: PowerRefusal, of command: CommandName) -> String {
        let command = "/" + command.rawValue
        return switch refusal {
        case .levelTooLow(let required, let own): L10n.errorPowerLevelTooLow(command, powerLevel(required), powerLevel(own))
        case .outranked(let userID, let theirs, let own): L10n.errorPowerLevelOutranked(command, clean(userID), powerLevel(theirs), powerLevel(own))
        case .levelAboveOwn(let level, let own): L10n.errorPowerLevelAboveOwn(command, powerLevel(level), powerLevel(own))
        case .creatorFixed(let userID): L10n.errorCreatorPowerFixed(clean(userID))
        }
    }

    /// A creator's level in rooms of version 12 and later is above every number.
    static func powerLevel(_ level: Int) -> String {
        level == PowerLevels.creatorLevel ? L10n.commonPowerLevelCreator : String(level)
    }

    public static func message(for error: CommandParseError) -> String {
        switch error {
        case .unknownCommand(let name, let suggestion):
            suggestion.map { L10n.errorUnknownCommand(clean(name)) + " " + L10n.errorDidYouMeanCommand(clean($0)) }
                ?? L10n.errorUnknownCommand(clean(name)) + " " + L10n.errorSeeHelp
        case .usage(let command): L10n.errorUsage(CommandTable.usage(of: command) ?? clean("/" + command))
        case .unknownOption(let command, let option):
            L10n.errorUnknownOption(clean(option), clean(command)) + " " + L10n.errorUsage(CommandTable.usage(of: command) ?? clean("/" + command))
        case .invalidNumber(_, let value): L10n.errorInvalidNumber(clean(value))
        case .invalidReference(_, let value): L10n.errorInvalidReference(clean(value))
        case .unterminatedQuote: L10n.errorUnterminatedQuote
        case .notConfirmable(let command): L10n.errorNotConfirmable(clean(command))
        }
    }

    public static func message(for error: MatrixError) -> String {
        switch error {
        case .forbidden(let message): L10n.errorForbidden(message.shown)
        case .unknownToken: L10n.errorUnknownToken
        case .limitExceeded: L10n.errorLimitExceeded
        case .notFound: L10n.errorNotFound
        case .userDeactivated: L10n.errorUserDeactivated
        case .invalidHomeserver(let address): L10n.errorInvalidHomeserver(clean(address))
        case .wellKnownInvalid(let address): L10n.errorWellKnownInvalid(clean(address))
        case .server(let errcode, let message, let status):
            message.isEmpty ? L10n.errorServerStatus(status) : L10n.errorServer(message.shown, clean(errcode), status)
        case .decoding: L10n.errorDecoding
        case .transport(let error): message(for: error)
        case .encryptionRefused(.unsupportedAlgorithm(let algorithm)): L10n.errorUnsupportedEncryption(clean(algorithm))
        case .encryptionRefused(.roomNotSynced): L10n.errorRoomNotSynced
        case .encryptionRefused(.unavailable): L10n.errorEncryptionUnavailable
        case .encryptionRefused(.verifiedIdentityChanged(let userIDs)): L10n.errorVerifiedIdentityChanged(userIDs.map(clean).joined(separator: ", "))
        case .slidingSyncUnavailable: L10n.errorSlidingSyncUnavailable
        }
    }

    public static func message(for error: TransportError) -> String {
        switch error {
        case .timedOut: L10n.errorTimedOut
        case .cannotResolveHost(let host): L10n.errorCannotResolveHost(clean(host))
        case .cannotConnect(let host): L10n.errorCannotConnect(clean(host))
        case .tls(let detail): L10n.errorTLS(clean(detail))
        case .untrustedCertificate(let detail): L10n.errorUntrustedCertificate(clean(detail))
        case .unusableCAFile(let detail): L10n.errorUnusableCaFile(clean(detail))
        case .cancelled: L10n.errorCancelled
        case .invalidURL(let address): L10n.errorInvalidURL(clean(address))
        case .responseTooLarge: L10n.errorResponseTooLarge
        case .other(_, let message): L10n.errorNetwork(clean(message))
        }
    }

    public static func message(for error: SettingError) -> String {
        switch error {
        case .unknownKey(let key, let suggestion): withSuggestion(L10n.errorUnknownSetting(clean(key)), suggestion)
        case .invalidValue(let key, let value, let expected):
            L10n.errorInvalidSettingValue(clean(value), key.rawValue, describe(expected))
        case .invalidFlagValue(let flag, let value):
            L10n.errorInvalidSettingValue(clean(value), flag.settingName, describe(.oneOf(["on", "off"])))
        }
    }

    public static func message(for problem: ConfigProblem) -> String {
        switch problem {
        case .syntax(let detail): L10n.errorConfigSyntax(clean(detail))
        case .duplicateKey(let key): L10n.errorConfigDuplicateKey(clean(key))
        case .unknownKey(let key, let suggestion): withSuggestion(L10n.errorConfigUnknownKey(clean(key)), suggestion)
        case .typeMismatch(let key, let expected):
            key.isEmpty ? L10n.errorConfigDocumentType(describe(expected)) : L10n.errorConfigTypeMismatch(clean(key), describe(expected))
        case .invalidValue(let key, let value, let expected): L10n.errorConfigInvalidValue(clean(value), clean(key), describe(expected))
        case .unknownHomeserver(let name): L10n.errorConfigUnknownHomeserver(clean(name))
        case .homeserverWithoutAddress(let name): L10n.errorConfigHomeserverWithoutAddress(clean(name))
        case .unknownProfile(let name): L10n.errorConfigUnknownProfile(clean(name))
        case .missingFile: L10n.errorConfigMissingFile
        case .unreadable: L10n.errorConfigUnreadable
        case .notUTF8: L10n.errorConfigNotUTF8
        }
    }

    /// `file:line:column: message`, the shape editors and compilers use.
    public static func message(for diagnostic: ConfigDiagnostic) -> String {
        let place = diagnostic.line > 0 ? "\(diagnostic.file):\(diagnostic.line):\(diagnostic.column)" : diagnostic.file
        return "\(clean(place)): \(message(for: diagnostic.problem))"
    }

    static func describe(_ expected: ExpectedValue) -> String {
        switch expected {
        case .oneOf(let values): L10n.commonExpectedOneOf(clean(values.joined(separator: ", ")))
        case .integer(let range): L10n.commonExpectedInteger(range.lowerBound, range.upperBound)
        case .languageCode: L10n.commonExpectedLanguage
        case .text: L10n.commonExpectedText
        case .boolean: L10n.commonExpectedBoolean
        case .mapping: L10n.commonExpectedMapping
        case .list: L10n.commonExpectedList
        case .color: L10n.commonExpectedColor
        case .url: L10n.commonExpectedURL
        case .serverName: L10n.commonExpectedServerName
        case .promptFormat: L10n.commonExpectedPromptFormat
        case .readableFile: L10n.commonExpectedReadableFile
        case .cellBox(let columns, let rows):
            L10n.commonExpectedCellBox(columns.lowerBound, columns.upperBound, rows.lowerBound, rows.upperBound)
        }
    }

    private static func withSuggestion(_ message: String, _ suggestion: String?) -> String {
        suggestion.map { message + " " + L10n.errorDidYouMean(clean($0)) } ?? message
    }

    /// The message as a sentence another follows: a server's words often end without a stop.
    static func sentence(for error: ShellError) -> String {
        let text = message(for: error)
        guard let last = text.last, !".!?…".contains(last) else { return text }
        return text + "."
    }

    static func clean(_ text: String) -> String { TerminalSanitizer.clean(text) }
}
