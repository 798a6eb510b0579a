import MatrixClient

/// Every slash command element-shell knows, in `/help` order.
public enum CommandTable {
    public static let all: [CommandSpec] = [
        CommandSpec(
            .help, aliases: ["h", "?"], parameters: [CommandParameter(.command, .optional)], requires: .nothing,
            summary: { L10n.screenHelpHelpSummary }, usage: { L10n.screenHelpHelpUsage }
        ) { arguments, _ in .app(.help(command: arguments.first)) },
        CommandSpec(
            .login, parameters: [CommandParameter(.homeserver), CommandParameter(.userID, .optional), CommandParameter(.text, .optionalRest)],
            options: LoginMethod.allCases.map { CommandOption("--" + $0.rawValue, $0 == .sso ? .optional : .none) },
            requires: .nothing, staysOutOfHistory: true,
            summary: { L10n.screenHelpLoginSummary }, usage: { L10n.screenHelpLoginUsage }, details: { [L10n.screenHelpLoginDetails] }
        ) { arguments, _ throws(CommandParseError) in
            .session(.login(try LoginRequest(homeserver: arguments[0], word: arguments.dropFirst().first, rest: arguments.dropFirst(2).first)))
        },
        CommandSpec(
            .logout, requires: .anySession, isConfirmable: true,
            summary: { L10n.screenHelpLogoutSummary }, usage: { L10n.screenHelpLogoutUsage }
        ) { _, confirmed in .session(.logout(confirmed: confirmed)) },
        CommandSpec(
            .whoami, requires: .session,
            summary: { L10n.screenHelpWhoamiSummary }, usage: { L10n.screenHelpWhoamiUsage }
        ) { _, _ in .session(.whoami) },
        CommandSpec(
            .nick, parameters: [CommandParameter(.text, .optionalRest)], requires: .session,
            summary: { L10n.screenHelpNickSummary }, usage: { L10n.screenHelpNickUsage }, details: { [L10n.screenHelpNickDetails] }
        ) { arguments, _ in .session(.displayName(set: arguments.first)) },
        CommandSpec(
            .account, requires: .session,
            summary: { L10n.screenHelpAccountSummary }, usage: { L10n.screenHelpAccountUsage }
        ) { _, _ in .session(.account) },
        CommandSpec(
            .reconnect, requires: .session,
            summary: { L10n.screenHelpReconnectSummary }, usage: { L10n.screenHelpReconnectUsage }
        ) { _, _ in .session(.reconnect) },
        CommandSpec(
            .me, parameters: [CommandParameter(.text, .rest)], requires: plainLineNeeds,
            summary: { L10n.screenHelpMeSummary }, usage: { L10n.screenHelpMeUsage }
        ) { arguments, _ in .message(.emote(text: arguments[0])) },
        CommandSpec(
            .notice, parameters: [CommandParameter(.text, .rest)], requires: plainLineNeeds,
            summary: { L10n.screenHelpNoticeSummary }, usage: { L10n.screenHelpNoticeUsage }
        ) { arguments, _ in .message(.notice(text: arguments[0])) },
        CommandSpec(
            .reply, parameters: [CommandParameter(.message), CommandParameter(.text, .rest)], requires: .openRoom,
            summary: { L10n.screenHelpReplySummary }, usage: { L10n.screenHelpReplyUsage }, details: { [L10n.screenHelpReferenceDetails] }
        ) { arguments, _ throws(CommandParseError) in .relation(.reply(to: try reference(arguments[0], command: "reply"), text: arguments[1])) },
        CommandSpec(
            .thread, parameters: [CommandParameter(.message), CommandParameter(.text, .optionalRest)], requires: .openRoom,
            summary: { L10n.screenHelpThreadSummary }, usage: { L10n.screenHelpThreadUsage }, details: { [L10n.screenHelpReferenceDetails] }
        ) { arguments, _ throws(CommandParseError) in
            .thread(.open(try reference(arguments[0], command: "thread"), text: arguments.count > 1 ? arguments[1] : nil))
        },
        CommandSpec(
            .threads, requires: .openRoom,
            summary: { L10n.screenHelpThreadsSummary }, usage: { L10n.screenHelpThreadsUsage }
        ) { _, _ in .thread(.list) },
        CommandSpec(
            .back, requires: .openRoom,
            summary: { L10n.screenHelpBackSummary }, usage: { L10n.screenHelpBackUsage }
        ) { _, _ in .thread(.back) },
        CommandSpec(
            .edit, parameters: [CommandParameter(.message), CommandParameter(.text, .rest)], requires: .openRoom,
            summary: { L10n.screenHelpEditSummary }, usage: { L10n.screenHelpEditUsage }, details: { [L10n.screenHelpReferenceDetails] }
        ) { arguments, _ throws(CommandParseError) in .relation(.edit(try reference(arguments[0], command: "edit"), text: arguments[1])) },
        CommandSpec(
            .react, parameters: [CommandParameter(.message), CommandParameter(.text)], requires: .openRoom,
            summary: { L10n.screenHelpReactSummary }, usage: { L10n.screenHelpReactUsage }, details: { [L10n.screenHelpReferenceDetails] }
        ) { arguments, _ throws(CommandParseError) in .relation(.react(to: try reference(arguments[0], command: "react"), key: arguments[1])) },
        CommandSpec(
            .unreact, parameters: [CommandParameter(.message), CommandParameter(.text)], requires: .openRoom,
            summary: { L10n.screenHelpUnreactSummary }, usage: { L10n.screenHelpUnreactUsage }
        ) { arguments, _ throws(CommandParseError) in .relation(.unreact(to: try reference(arguments[0], command: "unreact"), key: arguments[1])) },
        CommandSpec(
            .redact, parameters: [CommandParameter(.message), CommandParameter(.text, .optionalRest)], requires: .openRoom,
            summary: { L10n.screenHelpRedactSummary }, usage: { L10n.screenHelpRedactUsage }, details: { [L10n.screenHelpReferenceDetails] }
        ) { arguments, _ throws(CommandParseError) in
            .relation(.redact(try reference(arguments[0], command: "redact"), reason: arguments.count > 1 ? arguments[1] : nil))
        },
        CommandSpec(
            .upload, parameters: [CommandParameter(.file)], requires: .openRoom,
            summary: { L10n.screenHelpUploadSummary }, usage: { L10n.screenHelpUploadUsage }
        ) { arguments, _ in .media(.upload(path: arguments[0])) },
        CommandSpec(
            .download, parameters: [CommandParameter(.message), CommandParameter(.file, .optional)], requires: .session, isConfirmable: true,
            summary: { L10n.screenHelpDownloadSummary }, usage: { L10n.screenHelpDownloadUsage }, details: { [L10n.screenHelpDownloadDetails] }
        ) { arguments, confirmed throws(CommandParseError) in
            .media(.download(try reference(arguments[0], command: "download"), path: arguments.count > 1 ? arguments[1] : nil, overwrite: confirmed))
        },
        CommandSpec(
            .view, parameters: [CommandParameter(.message)], requires: .session,
            summary: { L10n.screenHelpViewSummary }, usage: { L10n.screenHelpViewUsage }, details: { [L10n.screenHelpViewDetails] }
        ) { arguments, _ throws(CommandParseError) in .media(.view(try reference(arguments[0], command: "view"))) },
        CommandSpec(
            .links, requires: .openRoom, summary: { L10n.screenHelpLinksSummary }, usage: { L10n.screenHelpLinksUsage }
        ) { _, _ in .link(.list) },
        CommandSpec(
            .link, parameters: [CommandParameter(.number)], requires: .openRoom,
            summary: { L10n.screenHelpLinkSummary }, usage: { L10n.screenHelpLinkUsage }
        ) { arguments, _ throws(CommandParseError) in .link(.open(number: try position(arguments[0], command: "link"))) },
        CommandSpec(
            .plain, parameters: [CommandParameter(.text, .rest)], requires: plainLineNeeds,
            summary: { L10n.screenHelpPlainSummary }, usage: { L10n.screenHelpPlainUsage }
        ) { arguments, _ in .message(.plain(text: arguments[0])) },
        CommandSpec(
            .html, parameters: [CommandParameter(.text, .rest)], requires: plainLineNeeds,
            summary: { L10n.screenHelpHtmlSummary }, usage: { L10n.screenHelpHtmlUsage }
        ) { arguments, _ in .message(.html(text: arguments[0])) },
        CommandSpec(
            .draft, parameters: [CommandParameter(.text, .optionalRest)], requires: .openRoom,
            summary: { L10n.screenHelpDraftSummary }, usage: { L10n.screenHelpDraftUsage }
        ) { arguments, _ in
            switch arguments.first {
            case nil: .draft(.show)
            case "clear": .draft(.clear)
            case let text?: .draft(.save(text: text))
            }
        },
        CommandSpec(
            .drafts, requires: .session,
            summary: { L10n.screenHelpDraftsSummary }, usage: { L10n.screenHelpDraftsUsage }
        ) { _, _ in .draft(.list) },
        CommandSpec(
            .queue, requires: .session,
            summary: { L10n.screenHelpQueueSummary }, usage: { L10n.screenHelpQueueUsage }
        ) { _, _ in .queue(.list) },
        CommandSpec(
            .resend, parameters: [CommandParameter(.number, .optional)], requires: .session,
            summary: { L10n.screenHelpResendSummary }, usage: { L10n.screenHelpResendUsage }
        ) { arguments, _ throws(CommandParseError) in .queue(.resend(number: try queueNumber(arguments.first, command: "resend"))) },
        CommandSpec(
            .cancel, parameters: [CommandParameter(.number, .optional)], requires: .session,
            summary: { L10n.screenHelpCancelSummary }, usage: { L10n.screenHelpCancelUsage }
        ) { arguments, _ throws(CommandParseError) in .queue(.cancel(number: try queueNumber(arguments.first, command: "cancel"))) },
        CommandSpec(
            .rooms, parameters: [CommandParameter(.roomsFilter, .optional)], options: [CommandOption("--unread")], requires: .session,
            summary: { L10n.screenHelpRoomsSummary }, usage: { L10n.screenHelpRoomsUsage }
        ) { arguments, _ throws(CommandParseError) in
            switch arguments.first {
            case nil: .room(.list)
            case "--unread": .room(.listUnread)
            default: throw .usage(command: "rooms")
            }
        },
        CommandSpec(
            .unread, requires: .session,
            summary: { L10n.screenHelpUnreadSummary }, usage: { L10n.screenHelpUnreadUsage }
        ) { _, _ in .room(.news) },
        CommandSpec(
            .open, parameters: [CommandParameter(.room, .rest)], requires: .session,
            summary: { L10n.screenHelpOpenSummary }, usage: { L10n.screenHelpOpenUsage }
        ) { arguments, _ in .room(.open(target: arguments[0])) },
        // With a room named, a session will do (`Action.needs`), as for `/leave`.
        CommandSpec(
            .read, parameters: [CommandParameter(.room, .optionalRest)], requires: .openRoom,
            summary: { L10n.screenHelpReadSummary }, usage: { L10n.screenHelpReadUsage }
        ) { arguments, _ in .room(.markRead(target: arguments.first)) },
        CommandSpec(
            .unreadMark, parameters: [CommandParameter(.room, .optionalRest)], requires: .openRoom,
            summary: { L10n.screenHelpUnreadMarkSummary }, usage: { L10n.screenHelpUnreadMarkUsage }
        ) { arguments, _ in .room(.markUnread(target: arguments.first)) },
        // With `--all`, a session will do (`Action.needs`).
        CommandSpec(
            .search, parameters: [CommandParameter(.text, .rest)], options: [CommandOption("--all")], requires: .openRoom,
            summary: { L10n.screenHelpSearchSummary }, usage: { L10n.screenHelpSearchUsage }
        ) { arguments, _ throws(CommandParseError) in
            // `--all` may come first or last; what remains is the text to find.
            var words = arguments[0].split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            let everywhere = words.first == "--all" || words.last == "--all"
            if words.first == "--all" { words.removeFirst() } else if words.last == "--all" { words.removeLast() }
            guard !words.isEmpty else { throw .usage(command: "search") }
            return .room(.search(text: words.joined(separator: " "), everywhere: everywhere))
        },
        CommandSpec(
            .history, parameters: [CommandParameter(.number, .optional)], requires: .openRoom,
            summary: { L10n.screenHelpHistorySummary }, usage: { L10n.screenHelpHistoryUsage }
        ) { arguments, _ throws(CommandParseError) in
            .room(.history(count: try messageCount(arguments.first, default: 20, upTo: 500, command: "history")))
        },
        CommandSpec(
            .last, parameters: [CommandParameter(.number, .optional)], requires: .openRoom,
            summary: { L10n.screenHelpLastSummary }, usage: { L10n.screenHelpLastUsage }
        ) { arguments, _ throws(CommandParseError) in
            .room(.last(count: try messageCount(arguments.first, default: 5, upTo: 100, command: "last")))
        },
        CommandSpec(
            .members, requires: .openRoom,
            summary: { L10n.screenHelpMembersSummary }, usage: { L10n.screenHelpMembersUsage }
        ) { _, _ in .room(.members) },
        CommandSpec(
            .topic, parameters: [CommandParameter(.text, .optionalRest)], requires: .openRoom,
            summary: { L10n.screenHelpTopicSummary }, usage: { L10n.screenHelpTopicUsage }
        ) { arguments, _ throws(CommandParseError) in
            let (room, text) = try RoomTargetOption.split(arguments.first, command: .topic)
            return .room(.text(.topic, set: text, in: room))
        },
        CommandSpec(
            .name, parameters: [CommandParameter(.text, .optionalRest)], requires: .openRoom,
            summary: { L10n.screenHelpNameSummary }, usage: { L10n.screenHelpNameUsage }
        ) { arguments, _ throws(CommandParseError) in
            let (room, text) = try RoomTargetOption.split(arguments.first, command: .name)
            return .room(.text(.name, set: text, in: room))
        },
        CommandSpec(
            .joinrule, parameters: [CommandParameter(.joinRule, .optional), CommandParameter(.room, .optionalRest)], requires: .openRoom,
            summary: { L10n.screenHelpJoinruleSummary }, usage: { L10n.screenHelpJoinruleUsage }, details: { [L10n.screenHelpJoinruleDetails] }
        ) { arguments, _ throws(CommandParseError) in
            let (room, rule) = try RoomTargetOption.split(arguments.isEmpty ? nil : arguments.joined(separator: " "), command: .joinrule)
            return .room(try JoinRuleArguments.action(from: rule, in: room))
        },
        CommandSpec(
            .notify, parameters: [CommandParameter(.notifySetting, .optional), CommandParameter(.notifySetting, .optional),
                                  CommandParameter(.notifySetting, .optionalRest)],
            requires: .openRoom,
            summary: { L10n.screenHelpNotifySummary }, usage: { L10n.screenHelpNotifyUsage }, details: { [L10n.screenHelpNotifyDetails] }
        ) { arguments, _ throws(CommandParseError) in
            .notification(try NotifyArguments.action(from: arguments.joined(separator: " ")))
        },
        CommandSpec(
            .join, parameters: [CommandParameter(.room)], requires: .session,
            summary: { L10n.screenHelpJoinSummary }, usage: { L10n.screenHelpJoinUsage }
        ) { arguments, _ in .room(.join(target: arguments[0])) },
        CommandSpec(
            .leave, parameters: [CommandParameter(.room, .optionalRest)], requires: .openRoom,
            summary: { L10n.screenHelpLeaveSummary }, usage: { L10n.screenHelpLeaveUsage }
        ) { arguments, _ in .room(.leave(target: arguments.first)) },
        CommandSpec(
            .forget, parameters: [CommandParameter(.room, .rest)], requires: .session,
            summary: { L10n.screenHelpForgetSummary }, usage: { L10n.screenHelpForgetUsage }
        ) { arguments, _ in .room(.forget(target: arguments[0])) },
        CommandSpec(
            .accept, parameters: [CommandParameter(.room, .optionalRest)], requires: .session,
            summary: { L10n.screenHelpAcceptSummary }, usage: { L10n.screenHelpAcceptUsage }
        ) { arguments, _ in .membership(.accept(target: arguments.first)) },
        CommandSpec(
            .decline, parameters: [CommandParameter(.room, .optionalRest)], requires: .session,
            summary: { L10n.screenHelpDeclineSummary }, usage: { L10n.screenHelpDeclineUsage }
        ) { arguments, _ in .membership(.decline(target: arguments.first)) },
        CommandSpec(
            .create, parameters: [CommandParameter(.text, .rest)], options: CreateOptions.roomOptions, requires: .session,
            variants: [CommandVariant("--in", requiredFlag: .spaceSettingsEnabled,
                                      summary: { L10n.screenHelpCreateInSummary }, usage: { L10n.screenHelpCreateInUsage })],
            summary: { L10n.screenHelpCreateSummary }, usage: { L10n.screenHelpCreateUsage }, details: { [L10n.screenHelpCreateDetails] }
        ) { arguments, _ throws(CommandParseError) in
            let (creation, space) = try CreateOptions.creation(from: arguments[0])
            return .membership(.create(creation, inSpace: space))
        },
        CommandSpec(
            .dm, parameters: [CommandParameter(.userID)], requires: .session, isConfirmable: true,
            summary: { L10n.screenHelpDmSummary }, usage: { L10n.screenHelpDmUsage }, details: { [L10n.screenHelpUserLookupDetails] }
        ) { arguments, forced in .membership(.directChat(user: arguments[0], forced: forced)) },
        CommandSpec(
            .invite, parameters: [CommandParameter(.userID), CommandParameter(.room, .optionalRest)], requires: .openRoom, isConfirmable: true,
            summary: { L10n.screenHelpInviteSummary }, usage: { L10n.screenHelpInviteUsage }, details: { [L10n.screenHelpUserLookupDetails] }
        ) { arguments, forced in .membership(.change(.invite, user: arguments[0], reason: nil, in: arguments.dropFirst().first, forced: forced)) },
        moderation(.kick, summary: { L10n.screenHelpKickSummary }, usage: { L10n.screenHelpKickUsage }),
        moderation(.ban, summary: { L10n.screenHelpBanSummary }, usage: { L10n.screenHelpBanUsage }),
        moderation(.unban, summary: { L10n.screenHelpUnbanSummary }, usage: { L10n.screenHelpUnbanUsage }),
        CommandSpec(
            .poll, parameters: [CommandParameter(.text, .rest)], options: [CommandOption("--undisclosed"), CommandOption("--multiple", .required)],
            requires: .openRoom,
            summary: { L10n.screenHelpPollSummary }, usage: { L10n.screenHelpPollUsage }, details: { [L10n.screenHelpPollDetails] }
        ) { arguments, _ throws(CommandParseError) in .poll(try PollArguments.create(from: arguments[0])) },
        CommandSpec(
            .vote, parameters: [CommandParameter(.message), CommandParameter(.text, .rest)], requires: .openRoom,
            summary: { L10n.screenHelpVoteSummary }, usage: { L10n.screenHelpVoteUsage }, details: { [L10n.screenHelpVoteDetails] }
        ) { arguments, _ throws(CommandParseError) in .poll(try PollArguments.vote(from: arguments.joined(separator: " "))) },
        CommandSpec(
            .endpoll, parameters: [CommandParameter(.message)], requires: .openRoom,
            summary: { L10n.screenHelpEndpollSummary }, usage: { L10n.screenHelpEndpollUsage }
        ) { arguments, _ throws(CommandParseError) in .poll(.end(try reference(arguments[0], command: "endpoll"))) },
        CommandSpec(
            .directory, parameters: [CommandParameter(.text, .optionalRest)],
            options: [CommandOption("--server", .required), CommandOption("--more")], requires: .session,
            summary: { L10n.screenHelpDirectorySummary }, usage: { L10n.screenHelpDirectoryUsage }, details: { [L10n.screenHelpDirectoryDetails] }
        ) { arguments, _ throws(CommandParseError) in .directory(try DirectoryArguments.action(from: arguments.first)) },
        CommandSpec(
            .knock, parameters: [CommandParameter(.room), CommandParameter(.text, .optionalRest)], requires: .session,
            summary: { L10n.screenHelpKnockSummary }, usage: { L10n.screenHelpKnockUsage }, details: { [L10n.screenHelpKnockDetails] }
        ) { arguments, _ in .membership(.knock(target: arguments[0], reason: arguments.dropFirst().first)) },
        CommandSpec(
            .knocks, requires: .openRoom,
            summary: { L10n.screenHelpKnocksSummary }, usage: { L10n.screenHelpKnocksUsage }
        ) { _, _ in .membership(.knocks) },
        CommandSpec(
            .roles, parameters: [CommandParameter(.roleSetting, .optional), CommandParameter(.roleSetting, .optional),
                                 CommandParameter(.powerLevel, .optional)], requires: .openRoom,
            summary: { L10n.screenHelpRolesSummary }, usage: { L10n.screenHelpRolesUsage }, details: { [L10n.screenHelpRolesDetails] }
        ) { arguments, _ throws(CommandParseError) in .roles(try RoleArguments.action(from: arguments)) },
        CommandSpec(
            .op, parameters: [CommandParameter(.userID), CommandParameter(.powerLevel, .optional)], requires: .openRoom, isConfirmable: true,
            summary: { L10n.screenHelpOpSummary }, usage: { L10n.screenHelpOpUsage }, details: { [L10n.screenHelpOpDetails] }
        ) { arguments, confirmed throws(CommandParseError) in
            .roles(.setUser(arguments[0], level: try arguments.dropFirst().first.map { word throws(CommandParseError) in try RoleArguments.level(word, command: .op) } ?? 50,
                            confirmed: confirmed))
        },
        CommandSpec(
            .pins, requires: .openRoom,
            summary: { L10n.screenHelpPinsSummary }, usage: { L10n.screenHelpPinsUsage }
        ) { _, _ in .pin(.list) },
        CommandSpec(
            .pin, parameters: [CommandParameter(.message)], requires: .openRoom,
            summary: { L10n.screenHelpPinSummary }, usage: { L10n.screenHelpPinUsage }, details: { [L10n.screenHelpReferenceDetails] }
        ) { arguments, _ throws(CommandParseError) in .pin(.pin(try reference(arguments[0], command: "pin"))) },
        CommandSpec(
            .unpin, parameters: [CommandParameter(.message)], requires: .openRoom,
            summary: { L10n.screenHelpUnpinSummary }, usage: { L10n.screenHelpUnpinUsage }, details: { [L10n.screenHelpReferenceDetails] }
        ) { arguments, _ throws(CommandParseError) in .pin(.unpin(try reference(arguments[0], command: "unpin"))) },
        CommandSpec(
            .upgrade, parameters: [CommandParameter(.text)], requires: .openRoom, isConfirmable: true,
            summary: { L10n.screenHelpUpgradeSummary }, usage: { L10n.screenHelpUpgradeUsage }, details: { [L10n.screenHelpUpgradeDetails] }
        ) { arguments, confirmed in .upgrade(.upgrade(version: arguments[0], confirmed: confirmed)) },
        CommandSpec(
            .deop, parameters: [CommandParameter(.userID)], requires: .openRoom, isConfirmable: true,
            summary: { L10n.screenHelpDeopSummary }, usage: { L10n.screenHelpDeopUsage }
        ) { arguments, confirmed in .roles(.setUser(arguments[0], level: nil, confirmed: confirmed)) },
        CommandSpec(
            .ignore, parameters: [CommandParameter(.userID)], requires: .session, isConfirmable: true,
            summary: { L10n.screenHelpIgnoreSummary }, usage: { L10n.screenHelpIgnoreUsage }, details: { [L10n.screenHelpIgnoreDetails] }
        ) { arguments, confirmed in .safety(.ignore(user: arguments[0], confirmed: confirmed)) },
        CommandSpec(
            .unignore, parameters: [CommandParameter(.userID)], requires: .session,
            summary: { L10n.screenHelpUnignoreSummary }, usage: { L10n.screenHelpUnignoreUsage }
        ) { arguments, _ in .safety(.unignore(user: arguments[0])) },
        CommandSpec(
            .invites, parameters: [CommandParameter(.invitePermission, .optional)], requires: .session,
            summary: { L10n.screenHelpInvitesSummary }, usage: { L10n.screenHelpInvitesUsage }, details: { [L10n.screenHelpInvitesDetails] }
        ) { arguments, _ throws(CommandParseError) in
            switch arguments.first?.lowercased() {
            case nil: return .safety(.invites(block: nil))
            case "block": return .safety(.invites(block: true))
            case "allow": return .safety(.invites(block: false))
            default: throw .usage(command: CommandName.invites.rawValue)
            }
        },
        // With `--user`, or `--room` naming a room, a session will do (`Action.needs`).
        CommandSpec(
            .report, parameters: [CommandParameter(.message), CommandParameter(.text, .rest)], requires: .openRoom, isConfirmable: true,
            summary: { L10n.screenHelpReportSummary }, usage: { L10n.screenHelpReportUsage }, details: { [L10n.screenHelpReportDetails] }
        ) { arguments, confirmed throws(CommandParseError) in
            .safety(try ReportArguments.action(from: arguments.joined(separator: " "), confirmed: confirmed))
        },
        CommandSpec(
            .ignored, requires: .session,
            summary: { L10n.screenHelpIgnoredSummary }, usage: { L10n.screenHelpIgnoredUsage }
        ) { _, _ in .safety(.ignored) },
        CommandSpec(
            .spaces, requires: .session,
            summary: { L10n.screenHelpSpacesSummary }, usage: { L10n.screenHelpSpacesUsage }
        ) { _, _ in .space(.list) },
        CommandSpec(
            .space, parameters: [CommandParameter(.room, .rest)], requires: .session,
            variants: [
                CommandVariant("create", requiredFlag: .spaceSettingsEnabled, options: CreateOptions.spaceOptions,
                               summary: { L10n.screenHelpSpaceCreateSummary }, usage: { L10n.screenHelpSpaceCreateUsage }),
                CommandVariant("add", requiredFlag: .spaceSettingsEnabled, options: [CommandOption("--suggested"), CommandOption("--order", .required)],
                               summary: { L10n.screenHelpSpaceAddSummary }, usage: { L10n.screenHelpSpaceAddUsage }),
                CommandVariant("remove", requiredFlag: .spaceSettingsEnabled,
                               summary: { L10n.screenHelpSpaceRemoveSummary }, usage: { L10n.screenHelpSpaceRemoveUsage }),
            ],
            summary: { L10n.screenHelpSpaceSummary }, usage: { L10n.screenHelpSpaceUsage }
        ) { arguments, _ throws(CommandParseError) in .space(try SpaceArguments.action(from: arguments[0])) },
        CommandSpec(
            .spaceKick, parameters: [CommandParameter(.room), CommandParameter(.userID), CommandParameter(.text, .optionalRest)],
            requires: .session,
            summary: { L10n.screenHelpSpaceKickSummary }, usage: { L10n.screenHelpSpaceKickUsage }
        ) { arguments, _ in .space(.kick(space: arguments[0], user: arguments[1], reason: arguments.dropFirst(2).first)) },
        CommandSpec(
            .devices, parameters: [CommandParameter(.userID, .optional)], requires: .session,
            summary: { L10n.screenHelpDevicesSummary }, usage: { L10n.screenHelpDevicesUsage }
        ) { arguments, _ in .encryption(.devices(user: arguments.first)) },
        CommandSpec(
            .verify, parameters: [CommandParameter(.userID, .optional), CommandParameter(.text, .optional), CommandParameter(.text, .optionalRest)],
            requires: .session, isConfirmable: true,
            summary: { L10n.screenHelpVerifySummary }, usage: { L10n.screenHelpVerifyUsage },
            details: { [L10n.screenHelpVerifyDetails, L10n.screenHelpVerifyDetailsFingerprint, L10n.screenHelpUserLookupDetails] }
        ) { arguments, forced in
            switch (arguments.first, arguments.dropFirst().first, arguments.dropFirst(2).first) {
            case (nil, _, _): .verification(.requestOwnDevices)
            case ("--withdraw", let user?, nil), (let user?, "--withdraw", nil): .trust(.withdrawVerification(user: user))
            case (let user?, nil, _): .verification(.requestUser(user: user, forced: forced))
            case (let user?, "--identity", let fingerprint): .trust(.verifyIdentity(user: user, fingerprint: fingerprint))
            case (let user?, let device?, nil): .verification(.requestDevice(user: user, deviceID: device))
            case (let user?, let device?, let fingerprint?): .encryption(.setVerified(true, user: user, deviceID: device, fingerprint: fingerprint))
            }
        },
        CommandSpec(
            .verification, parameters: [CommandParameter(.verificationStep, .optional), CommandParameter(.text, .optional)], requires: .session,
            summary: { L10n.screenHelpVerificationSummary }, usage: { L10n.screenHelpVerificationUsage },
            details: { [L10n.screenHelpVerificationDetails] }
        ) { arguments, _ throws(CommandParseError) in
            let reference = arguments.dropFirst().first
            switch arguments.first {
            case nil: return .verification(.list)
            case "accept": return .verification(.accept(reference))
            case "emoji": return .verification(.startEmoji(reference))
            case "confirm": return .verification(.confirm(reference))
            case "mismatch": return .verification(.mismatch(reference))
            case "cancel": return .verification(.cancel(reference))
            default: throw .usage(command: "verification")
            }
        },
        CommandSpec(
            .unverify, parameters: [CommandParameter(.userID), CommandParameter(.text)], requires: .session,
            summary: { L10n.screenHelpUnverifySummary }, usage: { L10n.screenHelpUnverifyUsage }
        ) { arguments, _ in .encryption(.setVerified(false, user: arguments[0], deviceID: arguments[1], fingerprint: nil)) },
        CommandSpec(
            .whois, parameters: [CommandParameter(.userID)], requires: .session,
            summary: { L10n.screenHelpWhoisSummary }, usage: { L10n.screenHelpWhoisUsage }
        ) { arguments, _ in .trust(.whois(user: arguments[0])) },
        // Out of the history: keys typed after it may be the passphrase it asks for.
        CommandSpec(
            .keys, parameters: [CommandParameter(.keysDirection), CommandParameter(.file)],
            requires: .session, isConfirmable: true, staysOutOfHistory: true,
            summary: { L10n.screenHelpKeysSummary }, usage: { L10n.screenHelpKeysUsage }, details: { [L10n.screenHelpKeysDetails] }
        ) { arguments, confirmed throws(CommandParseError) in
            switch arguments[0] {
            case "export": return .encryption(.exportKeys(path: arguments[1], overwrite: confirmed))
            case "import" where !confirmed: return .encryption(.importKeys(path: arguments[1]))
            case "import": throw .notConfirmable(command: "keys import")
            default: throw .usage(command: "keys")
            }
        },
        // Out of the history: the recovery key is typed after it.
        CommandSpec(
            .recovery, parameters: [CommandParameter(.text, .optionalRest)],
            requires: .session, isConfirmable: true, staysOutOfHistory: true,
            summary: { L10n.screenHelpRecoverySummary }, usage: { L10n.screenHelpRecoveryUsage }, details: { [L10n.screenHelpRecoveryDetails] }
        ) { arguments, confirmed throws(CommandParseError) in
            switch arguments.first {
            case "setup": return .trust(.setUp(confirmed: confirmed))
            case "reset": return .trust(.reset(confirmed: confirmed))
            case _ where confirmed: throw .notConfirmable(command: "recovery")
            case nil: return .trust(.recoveryStatus)
            case "--passphrase": return .trust(.recover(key: nil))
            case let key?: return .trust(.recover(key: key))
            }
        },
        CommandSpec(
            .backup, parameters: [CommandParameter(.backupAction, .optional), CommandParameter(.text, .optionalRest)],
            requires: .session, isConfirmable: true, staysOutOfHistory: true,
            summary: { L10n.screenHelpBackupSummary }, usage: { L10n.screenHelpBackupUsage }, details: { [L10n.screenHelpBackupDetails] }
        ) { arguments, confirmed throws(CommandParseError) in
            switch (arguments.first, arguments.dropFirst().first) {
            case ("off", nil): return .trust(.turnBackupOff(confirmed: confirmed))
            case (_, _) where confirmed: throw .notConfirmable(command: "backup")
            case (nil, _): return .trust(.backupStatus)
            case ("restore", nil): return .trust(.restoreBackup)
            case ("on", let key): return .trust(.turnBackupOn(key: key))
            default: throw .usage(command: "backup")
            }
        },
        CommandSpec(
            .encrypt, requires: .openRoom, isConfirmable: true,
            summary: { L10n.screenHelpEncryptSummary }, usage: { L10n.screenHelpEncryptUsage }, details: { [L10n.screenHelpEncryptDetails] }
        ) { _, confirmed in .encryption(.encryptRoom(confirmed: confirmed)) },
        CommandSpec(
            .config, parameters: [CommandParameter(.profile, .optional)], requires: .nothing,
            summary: { L10n.screenHelpConfigSummary }, usage: { L10n.screenHelpConfigUsage }
        ) { arguments, _ in .settings(.show(profile: arguments.first)) },
        CommandSpec(
            .set, parameters: [CommandParameter(.settingKey, .optional), CommandParameter(.settingValue, .optionalRest)], requires: .nothing,
            summary: { L10n.screenHelpSetSummary }, usage: { L10n.screenHelpSetUsage },
            details: { [L10n.screenHelpSetDetails(Settings.Key.allCases.map(\.rawValue).joined(separator: ", "))] }
        ) { arguments, _ in
            arguments.count == 2 ? .settings(.set(key: arguments[0], value: arguments[1])) : .settings(.describe(key: arguments.first))
        },
        CommandSpec(
            .source, parameters: [CommandParameter(.file)], requires: .nothing,
            summary: { L10n.screenHelpSourceSummary }, usage: { L10n.screenHelpSourceUsage }
        ) { arguments, _ in .scripting(.source(path: arguments[0])) },
        CommandSpec(
            .alias, parameters: [CommandParameter(.alias), CommandParameter(.text, .rest)], requires: .nothing,
            summary: { L10n.screenHelpAliasSummary }, usage: { L10n.screenHelpAliasUsage }
        ) { arguments, _ in .scripting(.defineAlias(name: arguments[0], expansion: arguments[1])) },
        CommandSpec(
            .unalias, parameters: [CommandParameter(.alias)], requires: .nothing,
            summary: { L10n.screenHelpUnaliasSummary }, usage: { L10n.screenHelpUnaliasUsage }
        ) { arguments, _ in .scripting(.removeAlias(name: arguments[0])) },
        CommandSpec(
            .aliases, requires: .nothing,
            summary: { L10n.screenHelpAliasesSummary }, usage: { L10n.screenHelpAliasesUsage }
        ) { _, _ in .scripting(.listAliases) },
        CommandSpec(
            .echo, parameters: [CommandParameter(.text, .optionalRest)], requires: .nothing,
            summary: { L10n.screenHelpEchoSummary }, usage: { L10n.screenHelpEchoUsage }
        ) { arguments, _ in .scripting(.echo(text: arguments.first ?? "")) },
        CommandSpec(
            .after, parameters: [CommandParameter(.number), CommandParameter(.text, .rest)], requires: .nothing,
            summary: { L10n.screenHelpAfterSummary }, usage: { L10n.screenHelpAfterUsage }
        ) { arguments, _ throws(CommandParseError) in
            guard let seconds = Double(arguments[0]), seconds.isFinite, seconds >= 0, seconds <= 86_400 else {
                throw .invalidNumber(command: "after", value: arguments[0])
            }
            return .scripting(.after(seconds: seconds, line: arguments[1]))
        },
        // `sent` needs nothing; `sync` a session, `message` a room (`Action.needs`).
        CommandSpec(
            .wait, parameters: [CommandParameter(.waitTarget), CommandParameter(.text, .optionalRest)],
            options: [CommandOption("--timeout", .required)], requires: .nothing,
            summary: { L10n.screenHelpWaitSummary }, usage: { L10n.screenHelpWaitUsage }
        ) { arguments, _ throws(CommandParseError) in
            switch arguments[0] {
            case "sync": return .scripting(.waitForSync(timeout: try WaitOptions.timeout(in: arguments.dropFirst().first)))
            case "sent": return .scripting(.waitUntilSent(timeout: try WaitOptions.timeout(in: arguments.dropFirst().first)))
            case "verification": return .verification(.wait(timeout: try WaitOptions.timeout(in: arguments.dropFirst().first)))
            case "secrets": return .trust(.waitForSecrets(timeout: try WaitOptions.timeout(in: arguments.dropFirst().first)))
            case "message":
                let (text, timeout) = try WaitOptions.textAndTimeout(in: arguments.dropFirst().first)
                return .scripting(.waitForMessage(containing: text, timeout: timeout))
            default: throw .usage(command: "wait")
            }
        },
        // Developer mode: offered by `/help` and Tab where the profile shows developer settings.
        CommandSpec(
            .viewSource, parameters: [CommandParameter(.message)], requires: .session, requiredFlag: .showDeveloperSettings,
            summary: { L10n.screenHelpViewSourceSummary }, usage: { L10n.screenHelpViewSourceUsage },
            details: { [L10n.screenHelpReferenceDetails] }
        ) { arguments, _ throws(CommandParseError) in .developer(.viewSource(try reference(arguments[0], command: "view-source"))) },
        CommandSpec(
            .labs, requires: .nothing, requiredFlag: .showDeveloperSettings,
            summary: { L10n.screenHelpLabsSummary }, usage: { L10n.screenHelpLabsUsage }
        ) { _, _ in .developer(.labs) },
        CommandSpec(
            .reportProblem, requires: .nothing, requiredFlag: .showDeveloperSettings,
            summary: { L10n.screenHelpReportProblemSummary }, usage: { L10n.screenHelpReportProblemUsage },
            details: { [L10n.screenHelpReportProblemDetails] }
        ) { _, _ in .developer(.reportProblem) },
        CommandSpec(
            .quit, aliases: ["exit", "q"], requires: .nothing,
            summary: { L10n.screenHelpQuitSummary }, usage: { L10n.screenHelpQuitUsage }
        ) { _, _ in .app(.quit) },
    ]

    private static let byName: [String: CommandSpec] = {
        var table: [String: CommandSpec] = [:]
        for spec in all {
            for name in [spec.name] + spec.aliases {
                precondition(table[name] == nil, "two commands named /\(name)")
                table[name] = spec
            }
        }
        return table
    }()

    /// The command called `name` or one of its aliases (without the slash).
    public static func spec(named name: String) -> CommandSpec? {
        byName[name.lowercased()]
    }

    /// What a plain line needs, which no command of the table makes: a room to send it to. The
    /// commands that send a message declare the same, and report as one (`CommandName.message`).
    public static let plainLineNeeds = CommandNeeds.roomForMessages

    /// What the command of that name declares; `message` is a plain line's.
    public static func needs(of command: CommandName) -> CommandNeeds {
        spec(named: command.rawValue)?.needs ?? plainLineNeeds
    }

    /// `/kick`, `/ban` and `/unban`: `USER [REASON]` in the open room.
    private static func moderation(_ change: MembershipChange, summary: @escaping @Sendable () -> String,
                                   usage: @escaping @Sendable () -> String) -> CommandSpec {
        CommandSpec(change.command, parameters: [CommandParameter(.userID), CommandParameter(.text, .optionalRest)], requires: .openRoom,
                    summary: summary, usage: usage) { arguments, _ in
            .membership(.change(change, user: arguments[0], reason: arguments.dropFirst().first))
        }
    }

    private static func reference(_ text: String, command: String) throws(CommandParseError) -> MessageReference {
        guard let reference = MessageReference(text) else { throw .invalidReference(command: command, value: text) }
        return reference
    }

    /// A position in a numbered listing (`/queue`, `/links`), counted from 1.
    private static func position(_ text: String, command: String) throws(CommandParseError) -> Int {
        guard let number = Int(text), number >= 1 else { throw .invalidNumber(command: command, value: text) }
        return number
    }

    /// How many messages `/history` or `/last` shows: `fallback` when not given, else 1 to `most`.
    private static func messageCount(_ text: String?, default fallback: Int, upTo most: Int, command: String) throws(CommandParseError) -> Int {
        guard let text else { return fallback }
        guard let count = Int(text), (1...most).contains(count) else { throw .invalidNumber(command: command, value: text) }
        return count
    }

    private static func queueNumber(_ text: String?, command: String) throws(CommandParseError) -> Int? {
        guard let text else { return nil }
        return try position(text, command: command)
    }

    /// The usage of a command, or of one of its forms (`space add`).
    static func usage(of name: String) -> String? {
        let words = name.split(separator: " ", maxSplits: 1).map(String.init)
        guard let first = words.first, let spec = spec(named: first) else { return nil }
        guard words.count == 2 else { return spec.usage }
        return spec.variants.first { $0.word == words[1] }?.usage ?? spec.usage
    }

    /// A command or alias name as people may write it, with or without its slash.
    static func bareName(_ name: String) -> String {
        name.hasPrefix("/") ? String(name.dropFirst()) : name
    }

    /// Every name and alias, for suggestions and completion.
    public static var allNames: [String] {
        byName.keys.sorted()
    }
}
