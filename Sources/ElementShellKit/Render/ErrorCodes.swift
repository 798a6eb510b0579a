import MatrixClient

/// Stable machine-readable codes for `--output json`: the Matrix `errcode` where the server gave
/// one, else a snake_case name that never changes with the language.
public enum ErrorCodes {
    public static func code(for error: ShellError) -> String {
        switch error {
        case .parse(let error):
            switch error {
            case .unknownCommand: "unknown_command"
            case .usage: "usage"
            case .unknownOption: "unknown_option"
            case .invalidNumber: "invalid_number"
            case .invalidReference: "invalid_reference"
            case .unterminatedQuote: "unterminated_quote"
            case .notConfirmable: "not_confirmable"
            }
        case .matrix(let error): code(for: error)
        case .setting(.unknownKey): "unknown_setting"
        case .setting(.invalidValue), .setting(.invalidFlagValue): "invalid_setting_value"
        case .noRoomOpen: "no_room_open"
        case .unknownRoom: "unknown_room"
        case .invalidRoomAddress: "invalid_room_address"
        case .notQueued: "not_queued"
        case .messageTooLarge: "message_too_large"
        case .unknownQueueNumber: "unknown_queue_number"
        case .storeUnavailable: "store_unavailable"
        case .notLoggedIn: "not_logged_in"
        case .signedOut: "signed_out"
        case .alreadyLoggedIn: "already_logged_in"
        case .loginInProgress: "login_in_progress"
        case .homeserverNotAllowed: "homeserver_not_allowed"
        case .passwordUnavailable: "password_unavailable"
        case .passwordFileUnreadable: "password_file_unreadable"
        case .cancelled: "cancelled"
        case .confirmationRequired: "confirmation_required"
        case .unknownProfile: "unknown_profile"
        case .unknownAlias: "unknown_alias"
        case .invalidAliasName: "invalid_alias_name"
        case .aliasShadowsCommand: "alias_shadows_command"
        case .aliasTooDeep: "alias_too_deep"
        case .scriptUnreadable: "script_unreadable"
        case .scriptTooDeep: "script_too_deep"
        case .scriptFailed: "script_failed"
        case .sessionNotSaved: "session_not_saved"
        case .noAccountManagement: "no_account_management"
        case .waitTimedOut: "wait_timed_out"
        case .unknownMessage: "unknown_message"
        case .messageNotSent: "message_not_sent"
        case .notOwnMessage: "not_own_message"
        case .noSuchReaction: "no_such_reaction"
        case .unknownUser: "unknown_user"
        case .userNotFound: "user_not_found"
        case .userWithoutDevices: "user_without_devices"
        case .directChatWithSelf: "direct_chat_with_self"
        case .noInvites: "no_invites"
        case .notInvited: "not_invited"
        case .invalidRoomAlias: "invalid_room_alias"
        case .notPermitted(_, .levelTooLow): "power_level_too_low"
        case .notPermitted(_, .outranked): "power_level_outranked"
        case .notPermitted(_, .levelAboveOwn): "power_level_above_own"
        case .notPermitted(_, .creatorFixed): "creator_power_fixed"
        case .demotingSelf: "demoting_self"
        case .notPinned: "not_pinned"
        case .noMoreRooms: "no_more_rooms"
        case .notAPoll: "not_a_poll"
        case .pollEnded: "poll_ended"
        case .unknownPollAnswer: "unknown_poll_answer"
        case .tooManyPollAnswers: "too_many_poll_answers"
        case .alreadyUpgraded: "already_upgraded"
        case .unknownSpace: "unknown_space"
        case .notInSpace: "not_in_space"
        case .stateNotPermitted: "power_level_too_low"
        case .turnedOff: "command_turned_off"
        case .fileUnreadable: "file_unreadable"
        case .notAFile: "not_a_file"
        case .fileTooLarge: "file_too_large"
        case .noMedia: "no_media"
        case .attachmentDamaged: "attachment_damaged"
        case .noPicture: "no_picture"
        case .unknownLink: "unknown_link"
        case .unknownKeyword: "unknown_keyword"
        case .ignoringSelf: "ignoring_self"
        case .notIgnored: "not_ignored"
        case .inviteBlockingUnsupported: "invite_blocking_unsupported"
        case .inviteBlocked: "invite_blocked"
        case .reportUnsupported: "report_unsupported"
        case .notLeft: "not_left"
        case .picturesUnavailable: "pictures_unavailable"
        case .picturesOff: "pictures_off"
        case .picturesDescribed: "pictures_described"
        case .pictureNotShown(_, let problem): code(for: problem)
        case .fileNotWritten: "file_not_written"
        case .encryption(let error): code(for: error)
        case .recovery(let error): code(for: error)
        case .login(let error): code(for: error)
        case .verification(let error): code(for: error)
        }
    }

    static func code(for error: MatrixError) -> String {
        switch error {
        case .forbidden: "M_FORBIDDEN"
        case .unknownToken: "M_UNKNOWN_TOKEN"
        case .limitExceeded: "M_LIMIT_EXCEEDED"
        case .notFound: "M_NOT_FOUND"
        case .userDeactivated: "M_USER_DEACTIVATED"
        case .server(let errcode, _, _): errcode
        case .invalidHomeserver: "invalid_homeserver"
        case .wellKnownInvalid: "well_known_invalid"
        case .decoding: "bad_response"
        case .slidingSyncUnavailable: "sliding_sync_unavailable"
        case .encryptionRefused(.unsupportedAlgorithm): "unsupported_encryption"
        case .encryptionRefused(.roomNotSynced): "room_not_synced"
        case .encryptionRefused(.unavailable): "encryption_unavailable"
        case .encryptionRefused(.verifiedIdentityChanged): "verified_identity_changed"
        case .transport(let error):
            switch error {
            case .timedOut: "timed_out"
            case .cannotResolveHost: "cannot_resolve_host"
            case .cannotConnect: "cannot_connect"
            case .tls, .untrustedCertificate, .unusableCAFile: "tls"
            case .cancelled: "cancelled"
            case .invalidURL: "invalid_url"
            case .responseTooLarge: "response_too_large"
            case .other: "network"
            }
        }
    }

    /// A picture's problem, in the words `/download` and the server's errors already use.
    static func code(for problem: PictureProblem) -> String {
        switch problem {
        case .notAPicture: "not_a_picture"
        case .tooManyPixels: "too_many_pixels"
        case .damaged: "picture_damaged"
        case .notDecrypted: "attachment_damaged"
        case .tooLargeToFetch: "file_too_large"
        case .unreachable(let error): code(for: error)
        }
    }

    static func code(for problem: ConfigProblem) -> String {
        switch problem {
        case .syntax: "config_syntax"
        case .duplicateKey: "config_duplicate_key"
        case .unknownKey: "config_unknown_key"
        case .typeMismatch: "config_type_mismatch"
        case .invalidValue: "config_invalid_value"
        case .unknownHomeserver: "config_unknown_homeserver"
        case .homeserverWithoutAddress: "config_homeserver_without_address"
        case .unknownProfile: "config_unknown_profile"
        case .missingFile: "config_missing_file"
        case .unreadable: "config_unreadable"
        case .notUTF8: "config_not_utf8"
        }
    }
}
