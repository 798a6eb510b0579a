import Foundation
import TestSupport
import Testing
@testable import ElementShellKit
@testable import MatrixClient
import TerminalGraphics

/// Every case of `Outcome` and of `Report.Content`, built with one hostile string in each text
/// field that can come from a server or another person, through both renderers: the text lines
/// (plain, coloured and wrapped) hold nothing a terminal would act on, and the JSON line escapes
/// every control and parses. A new case does not compile until `number(of:)` names it, and then
/// `everyCaseHasASample` fails until `samples(_:)` builds one.
@Suite struct HostileOutcomeTests {
    /// A 100 kB name: escape sequences, a bidi override and wide characters, over and over.
    static let huge = HostileString(name: "a 100 kB name", payload: String(repeating: "\u{1B}[2J\u{202E}名前は長い\u{9B}6n ", count: 3_850))

    @Test func everyCaseHasASample() {
        let outcomes = Set(Self.samples("x").compactMap { sample -> Int? in
            guard case .result(_, let outcome) = sample.content else { return nil }
            return Self.number(of: outcome)
        })
        #expect(outcomes == Set(0..<Self.outcomeCount), "missing: \(Set(0..<Self.outcomeCount).subtracting(outcomes).sorted())")
        let contents = Set(Self.samples("x").map { Self.number(of: $0.content) })
        #expect(contents == Set(0..<Self.contentCount), "missing: \(Set(0..<Self.contentCount).subtracting(contents).sorted())")
        let failures = Set(Self.samples("x").compactMap { sample -> Int? in
            guard case .result(_, .failure(let error)) = sample.content else { return nil }
            return Self.number(of: error)
        })
        #expect(failures == Set(0..<Self.errorCount), "missing: \(Set(0..<Self.errorCount).subtracting(failures).sorted())")
    }

    @Test(arguments: HostileStrings.all)
    func textLinesAreSafe(_ entry: HostileString) {
        for sample in Self.samples(entry.text) {
            let report = Report(content: sample.content, location: nil)
            let plain = TextRenderer(theme: HostileTextTests.plain).lines(for: report)
            let coloured = TextRenderer(theme: HostileTextTests.coloured).lines(for: report)
            #expect(coloured.map(TerminalSafety.withoutSGR) == plain, "\(sample.name): colour adds only the theme's sequences")
            let wrapped = TextRenderer(theme: HostileTextTests.plain, width: 60).lines(for: report)
            TerminalSafety.expectSafe(plain + wrapped, showing: entry, in: sample.name, survivors: sample.showsText ? nil : [])
        }
    }

    /// With links on, an address made of the hostile text is a link whose address is printable
    /// ASCII, and the lines without the links are the lines without links on.
    @Test(arguments: HostileStrings.all)
    func linksCarryOnlyPrintableAddresses(_ entry: HostileString) {
        let linking = Theme(usesColor: false, accent: .named(.green), makesLinks: true)
        var linked = 0
        for sample in Self.samples("see https://h.example/" + entry.text) {
            let report = Report(content: sample.content, location: nil)
            let plain = TextRenderer(theme: HostileTextTests.plain).lines(for: report)
            let lines = TextRenderer(theme: linking).lines(for: report).map(TerminalSafety.withoutHyperlinks)
            #expect(lines.map(\.text) == plain, "\(sample.name): links add only their sequences")
            for address in lines.flatMap(\.addresses) {
                linked += 1
                #expect(address.unicodeScalars.allSatisfy { (0x21...0x7E).contains($0.value) }, "\(sample.name): \(address)")
            }
        }
        #expect(linked > 0, "some report shows the address")
    }

    /// A screen reader's lines carry the same text, as safely.
    @Test(arguments: HostileStrings.all)
    func screenReaderLinesAreSafe(_ entry: HostileString) {
        let spoken = Theme(usesColor: false, accent: .named(.green), forScreenReader: true)
        for sample in Self.samples(entry.text) {
            let lines = TextRenderer(theme: spoken).lines(for: Report(content: sample.content, location: nil))
            TerminalSafety.expectSafe(lines, showing: entry, in: sample.name, survivors: sample.showsText ? nil : [])
        }
    }

    @Test(arguments: HostileStrings.all)
    func jsonLinesEscapeEveryControl(_ entry: HostileString) {
        for sample in Self.samples(entry.text) {
            Self.expectJSONLineSafe(for: sample, showing: entry)
        }
    }

    /// Once through each renderer, wrapped as a terminal would. Each pass over 100 kB takes its
    /// time in a debug build (80 s in all), so it runs in two halves side by side on threads of
    /// their own: on the test runner's threads, as many as the cores, it kept every other test
    /// from going on for minutes on a busy machine, until a wait elsewhere ran out.
    @Test(arguments: 0..<2)
    func aHundredKilobyteNameIsSafeEverywhere(half: Int) async throws {
        #expect(Self.huge.text.utf8.count > 100_000)
        let failures = try await offThePool {
            let samples = Self.samples(Self.huge.text)
            return samples[half * samples.count / 2..<(half + 1) * samples.count / 2].flatMap { sample in
                let lines = TextRenderer(theme: HostileTextTests.plain, width: 80).lines(for: Report(content: sample.content, location: nil))
                // A table cuts a cell that does not fit its line: the start of the name stays.
                return TerminalSafety.failures(of: lines, showing: Self.huge, in: sample.name, survivors: sample.showsText ? ["left"] : [])
                    + Self.jsonLineFailures(for: sample, showing: Self.huge)
            }
        }
        for failure in failures { Issue.record(Comment(rawValue: failure)) }
    }

    static func expectJSONLineSafe(for sample: Sample, showing entry: HostileString, sourceLocation: SourceLocation = #_sourceLocation) {
        for failure in jsonLineFailures(for: sample, showing: entry) { Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation) }
    }

    /// What `expectJSONLineSafe` would record, as values.
    static func jsonLineFailures(for sample: Sample, showing entry: HostileString) -> [String] {
        let line = JSONRenderer.object(for: Report(content: sample.content, location: nil)).line
        let raw = TerminalSafety.unsafeScalars(in: line)
        var failures: [String] = []
        if !raw.isEmpty { failures.append("\(sample.name): \(entry.name) left \(raw) raw") }
        if line.contains("\n") { failures.append("\(sample.name): one report, one line") }
        if (try? JSONSerialization.jsonObject(with: Data(line.utf8))) == nil { failures.append("\(sample.name): the line is no JSON") }
        return failures
    }

    struct Sample {
        var name: String
        var content: Report.Content
        /// Whether the text lines show the hostile text; some only name it in JSON.
        var showsText = true
    }

    static func message(_ text: String) -> MessageView {
        var message = HostileTextTests.message(body: text, from: text, formattedBody: "<b>\(text)</b>")
        message.media = MediaInfo(url: "mxc://hs/f", fileName: text, size: 2048)
        message.previews = [LinkPreview(matchedURL: text, url: "https://h.example/" + text, title: text, siteName: text, summary: text)]
        message.replyQuote = ReplyQuote(senderName: RemoteText(text), body: RemoteText(text), reference: 3)
        message.threadSummary = ThreadLine(replyCount: 2, latestSenderName: RemoteText(text))
        message.reactions = [ReactionCount(key: RemoteText(text), count: 2), ReactionCount(key: "ok", count: 3, firstSenderID: text, firstSenderName: RemoteText(text))]
        return message
    }

    /// A poll whose question, answers and voters' names are the text.
    static func poll(_ text: String, ended: Bool) -> MessageView {
        var message = HostileTextTests.message(body: text, from: text)
        let poll = PollDefinition(question: text, answers: [.init(id: text, text: text), .init(id: "b", text: text)], kind: ended ? .undisclosed : .disclosed,
                                  maxSelections: 2)
        var results = poll.results(of: [PollResponse(eventID: "$v", roomID: text, pollID: text, sender: text, selections: [text], originServerTS: 1)],
                                   creator: text) { _ in false }
        if ended { results.end = PollEnd(at: 2, by: text) }
        message.poll = PollView(definition: poll, results: results, voterNames: [RemoteText(text)], ownChoices: [text], endedByName: RemoteText(text))
        return message
    }

    /// Remote text in every field that can hold it; IDs are the server's too, so they get it.
    static func samples(_ text: String) -> [Sample] {
        let url = URL(string: "https://hs.example/\(text.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? "")")!
        let session = SessionSummary(userID: text, deviceID: text, homeserverURL: url, syncMethod: .sliding)
        let message = message(text)
        // A picture's own sequence is the terminal's to draw, not a line: only its name is text.
        let sixel = PictureDrawing(graphicsProtocol: .sixel).draw(Bitmap(width: 2, height: 2, rgba: [UInt8](repeating: 200, count: 16)),
                                                                in: CellBox(columns: 2, rows: 1))
        var redacted = HostileTextTests.message(body: text)
        redacted.isRedacted = true
        redacted.redactionReason = RemoteText(text)
        let preview = RoomPreview(roomID: "!r:hs", roomName: RemoteText(text), senderName: RemoteText(text), body: RemoteText(text), timestamp: 1_700_000_000_000, msgtype: "m.text")
        let room = RoomRecord(roomID: "!r:hs", membership: .join, name: text, topic: text)
        let unnamed = RoomRecord(roomID: "!h:hs", membership: .join, heroes: ["@m:hs"], heroNames: [text], joinedMemberCount: 2)
        let space = RoomRecord(roomID: "!s:hs", membership: .join, name: text, isSpace: true)
        let cells = ["!r:hs": SpaceCell(joinedMemberCount: 3, latest: preview)]
        var spaceRoom = SpaceRoomEntry(SpaceRoom(roomID: "!c:hs", name: text, canonicalAlias: text, topic: text, joinedMemberCount: 3, joinRule: text))
        spaceRoom.latest = preview
        let device = DeviceEntry(deviceID: text, displayName: RemoteText(text), fingerprint: Fingerprint("l5tiZbjb1E3aLVdbRf7cSmL0X8s4mQ52CQLXSD6mwSY"),
                                 isVerified: false, isCurrent: false)
        let status = RecoveryStatus(hasCrossSigning: true, isDeviceVerified: false, hasSecretStorage: true, backupVersion: text, backupKeyCount: 3,
                                    isBackingUp: true, roomKeyCount: 4, backedUpKeyCount: 3, backupPreference: .off)
        let restore = BackupRestore(sessionIDs: [text], total: 2, unreadable: 1)
        let identity = IdentitySummary(userID: text, masterKey: text, state: .changed, devices: [
            DeviceRecord(userID: text, deviceID: text, curve25519: text, ed25519: text, displayName: text, isVerified: false),
        ])
        let verification = VerificationSummary(number: 3, flowID: text, otherUserID: text, isOwnUser: false, otherDeviceID: text, roomID: "!r:hs",
                                               isIncoming: true, state: .comparing, emojiIndices: [1, 2, 3, 4, 5, 6, 7], decimals: [1234, 5678, 9012],
                                               qrCode: nil, outcome: nil)
        let cancelled = VerificationSummary(number: 3, flowID: text, otherUserID: text, isOwnUser: false, otherDeviceID: text, roomID: "!r:hs",
                                            isIncoming: true, state: .cancelled(.other(RemoteText(text)), byUs: false), emojiIndices: [],
                                            decimals: nil, qrCode: nil, outcome: nil)
        let profile = ShellConfig.default.profile(named: "element")!
        let config = ConfigSummary(profile: profile, homeservers: [HomeserverEntry(name: text, serverName: text, url: text)],
                                   configFile: text, dataDirectory: text, isRunningProfile: true)
        let outbox = OutboxEntry(transactionID: text, roomID: "!r:hs", msgtype: "m.text", body: text, createdAt: 1_700_000_000_000, attempts: 2)
        let source = EventSource(eventID: text, event: .object(["body": .string(text)]), decryption: .decrypted(.object(["body": .string(text)])))

        var samples: [Sample] = [
            Sample(name: "/help", content: .result(command: "help", outcome: .help([HelpEntry(name: "join")], showsPlainLineHint: true)), showsText: false),
            Sample(name: "done", content: .result(command: text, outcome: .done), showsText: false),
            Sample(name: "/echo", content: .result(command: "echo", outcome: .scripting(.echo(text: text)))),
            Sample(name: "/login", content: .result(command: "login", outcome: .session(.loggedIn(session)))),
            Sample(name: "/logout", content: .result(command: "logout", outcome: .session(.loggedOut(userID: text)))),
            Sample(name: "/whoami", content: .result(command: "whoami", outcome: .session(.whoami(session)))),
            Sample(name: "/nick", content: .result(command: "nick", outcome: .session(.displayName(RemoteText(text), userID: text, changed: true)))),
            Sample(name: "/nick none", content: .result(command: "nick", outcome: .session(.displayName(nil, userID: text, changed: false)))),
            Sample(name: "/account", content: .result(command: "account", outcome: .session(.accountManagement(url))), showsText: false),
            Sample(name: "/config", content: .result(command: "config", outcome: .settings(.config(config)))),
            Sample(name: "/set", content: .result(command: "set", outcome: .settings(.changed(key: .sync, value: text)))),
            Sample(name: "/set flag", content: .result(command: "set", outcome: .settings(.developerFlagChanged(.showQRCodeLogin, isOn: true))), showsText: false),
            Sample(name: "/set flag value", content: .result(command: "set", outcome: .settings(.developerFlagValue(.showQRCodeLogin, isOn: false))),
                   showsText: false),
            Sample(name: "/set values", content: .result(command: "set", outcome: .settings(.values(keys: Settings.Key.allCases, settings: profile.settings))),
                   showsText: false),
            Sample(name: "/alias", content: .result(command: "alias", outcome: .scripting(.aliasDefined(name: text, expansion: text)))),
            Sample(name: "/unalias", content: .result(command: "unalias", outcome: .scripting(.aliasRemoved(name: text)))),
            Sample(name: "/aliases", content: .result(command: "alias", outcome: .scripting(.aliases([AliasEntry(name: text, expansion: text)])))),
            Sample(name: "/rooms", content: .result(command: "rooms", outcome: .room(.list([room, unnamed, space].map(RoomEntry.init), spaceCells: cells)))),
            Sample(name: "/unread", content: .result(command: "unread", outcome: .room(.unread(NumberedRoom.numbering([room, unnamed].map(RoomEntry.init)), spaceCells: cells)))),
            Sample(name: "/read", content: .result(command: "read", outcome: .room(.markedRead(roomName: RemoteText(text))))),
            Sample(name: "/unread-mark", content: .result(command: "unread-mark", outcome: .room(.markedUnread(roomName: RemoteText(text))))),
            Sample(name: "/open", content: .result(command: "open", outcome: .room(.opened(roomName: RemoteText(text), messages: [message, redacted], draft: text)))),
            Sample(name: "/open before sync", content: .result(command: "open", outcome: .room(.openedBeforeSync(roomName: RemoteText(text), draft: text)))),
            Sample(name: "/members", content: .result(command: "members", outcome: .room(.members([MemberEntry(userID: text, name: RemoteText(text))])))),
            Sample(name: "/topic", content: .result(command: "topic", outcome: .room(.text(.topic, RemoteText(text))))),
            Sample(name: "/name set", content: .result(command: "name", outcome: .room(.textChanged(.name))), showsText: false),
            Sample(name: "/history", content: .result(command: "history", outcome: .room(.history([message, redacted])))),
            Sample(name: "/last", content: .result(command: "last", outcome: .room(.recent(roomName: RemoteText(text), messages: [message, redacted])))),
            Sample(name: "/unread", content: .result(command: "unread", outcome: .room(.news([RoomNews(number: 1, room: RoomEntry(room)), RoomNews(number: nil, room: RoomEntry(room))])))),
            Sample(name: "queued", content: .result(command: "send", outcome: .message(.queued(message)))),
            Sample(name: "/join", content: .result(command: "join", outcome: .room(.joined(roomID: text, roomName: RemoteText(text))))),
            Sample(name: "/join in space", content: .result(command: "join", outcome: .space(.alreadyJoined(roomID: text, spaceName: RemoteText(text))))),
            Sample(name: "/leave", content: .result(command: "leave", outcome: .room(.left(roomName: RemoteText(text))))),
            Sample(name: "/decline", content: .result(command: "decline", outcome: .membership(.declined(roomName: RemoteText(text))))),
            Sample(name: "/create", content: .result(command: "create", outcome: .membership(.created(roomID: text, alias: text, name: text, isEncrypted: true,
                                                                                          isSpace: false, inSpace: text)))),
            Sample(name: "/space add", content: .result(command: "space", outcome: .space(.childAdded(spaceName: RemoteText(text), roomName: RemoteText(text), parentLinked: true)))),
            Sample(name: "/space remove", content: .result(command: "space", outcome: .space(.childRemoved(spaceName: RemoteText(text), roomName: RemoteText(text),
                                                                                                        parentUnlinked: false)))),
            Sample(name: "/joinrule", content: .result(command: "joinrule", outcome: .room(.joinRule(rule: RemoteText(text), spaces: [RemoteText(text)], changed: true)))),
            Sample(name: "/dm", content: .result(command: "dm", outcome: .membership(.directChat(roomID: text, userID: text, isNew: true)))),
            Sample(name: "/kick", content: .result(command: "kick", outcome: .membership(.changed(.kick, userID: text, roomName: RemoteText(text))))),
            Sample(name: "/invite", content: .result(command: "invite", outcome: .membership(.changed(.invite, userID: text, roomName: RemoteText(text),
                                                                                                      history: .notShared(.noCrossSignedDevice))))),
            Sample(name: "/spaces", content: .result(command: "spaces", outcome: .space(.list([RoomEntry(space)])))),
            Sample(name: "/space", content: .result(command: "space", outcome: .space(.hierarchy(spaceName: RemoteText(text), rooms: [spaceRoom], isComplete: false,
                                                                                              offersManagement: true)))),
            Sample(name: "/open SPACE", content: .result(command: "open", outcome: .space(.rooms(spaceName: RemoteText(text), rooms: [RoomEntry(room)])))),
            Sample(name: "/space kick", content: .result(command: "space", outcome: .space(.kicked(userID: text, spaceName: RemoteText(text), results: [
                SpaceKickResult(roomID: text, roomName: RemoteText(text)), SpaceKickResult(roomID: text, roomName: RemoteText(text), error: .matrix(.forbidden(message: RemoteText(text)))),
            ])))),
            Sample(name: "/queue", content: .result(command: "queue", outcome: .queue(.list([QueuedMessage(entry: outbox, roomName: RemoteText(text))])))),
            Sample(name: "/resend", content: .result(command: "resend", outcome: .queue(.resent(count: 2))), showsText: false),
            Sample(name: "/thread", content: .result(command: "thread", outcome: .thread(.opened(roomName: RemoteText(text), root: message, messages: [message],
                                                                                              draft: text)))),
            Sample(name: "/thread close", content: .result(command: "thread", outcome: .thread(.closed(roomName: RemoteText(text))))),
            Sample(name: "/search", content: .result(command: "search", outcome: .room(.searchResults([SearchHit(roomName: RemoteText(text), message: message)],
                                                                                               encryptedNotSearched: true)))),
            Sample(name: "/threads", content: .result(command: "threads", outcome: .thread(.list([message])))),
            Sample(name: "/react", content: .result(command: "react", outcome: .relation(.reactionQueued(key: text, reference: text, number: 7)))),
            Sample(name: "/redact", content: .result(command: "redact", outcome: .relation(.redactionQueued(reference: text, number: 7))), showsText: false),
            Sample(name: "/download", content: .result(command: "download", outcome: .media(.downloaded(path: text, size: 2048)))),
            Sample(name: "/links", content: .result(command: "links", outcome: .link(.listed([
                LinkEntry(number: 1, address: RemoteText(text), reference: 3, senderName: RemoteText(text)),
            ])))),
            Sample(name: "/link", content: .result(command: "link", outcome: .link(.opened(address: RemoteText(text), inBrowser: false)))),
            Sample(name: "/notify", content: .result(command: "notify", outcome: .notification(.level(roomName: RemoteText(text), roomID: text,
                                                                                                      level: .mute, isOwn: false, kind: .direct)))),
            Sample(name: "/ignore", content: .result(command: "ignore", outcome: .safety(.ignored([text], changed: IgnoreChange(userID: text, isIgnored: true))))),
            Sample(name: "/ignored", content: .result(command: "ignored", outcome: .safety(.ignored([text, text], changed: nil)))),
            Sample(name: "/invites", content: .result(command: "invites", outcome: .safety(.invites(blocked: true, changed: false, pending: [
                NumberedRoom(number: 2, room: RoomEntry(RoomRecord(roomID: text, membership: .invite, name: text))),
            ])))),
            Sample(name: "/report", content: .result(command: "report", outcome: .safety(.reported(.message(reference: "~3", senderName: RemoteText(text),
                                                                                                          eventID: text, roomID: text))))),
            Sample(name: "/report --room", content: .result(command: "report", outcome: .safety(.reported(.room(name: RemoteText(text), roomID: text))))),
            Sample(name: "/report --user", content: .result(command: "report", outcome: .safety(.reported(.user(userID: text))))),
            Sample(name: "/roles", content: .result(command: "roles", outcome: .roles(.roles(RoleSheet(
                roomID: text, roomName: RemoteText(text), members: [RankedMember(userID: text, name: RemoteText(text), level: 50)],
                defaultLevel: 0, ownLevel: 100, settings: [SettingLevel(setting: .kick, level: 50)],
                events: [SettingLevel(setting: .event(text), level: 100)]))))),
            Sample(name: "/op", content: .result(command: "op", outcome: .roles(.userChanged(userID: text, name: RemoteText(text), level: 50,
                                                                                               isDefault: false, roomName: RemoteText(text))))),
            Sample(name: "/pins", content: .result(command: "pins", outcome: .pin(.list(roomName: RemoteText(text), pins: [
                .message(message), .unavailable(eventID: text, number: 3)]))), showsText: true),
            Sample(name: "/pin", content: .result(command: "pin", outcome: .pin(.changed(number: nil, eventID: text, isPinned: true, changed: true, count: 2,
                                                                                          roomName: RemoteText(text))))),
            Sample(name: "/open upgraded", content: .result(command: "open", outcome: .room(.opened(
                roomName: RemoteText(text), messages: [message], draft: text,
                header: RoomHeader(pinnedCount: 2, replacement: RoomReplacement(roomID: text, name: RemoteText(text))))))),
            Sample(name: "/upgrade", content: .result(command: "upgrade", outcome: .upgrade(.upgraded(roomName: RemoteText(text), roomID: text, version: text,
                                                                                                          invited: [text], notInvited: [text])))),
            Sample(name: "room upgraded", content: .roomUpgraded(roomName: RemoteText(text), roomID: text,
                                                                 replacement: RoomReplacement(roomID: text, name: RemoteText(text)))),
            Sample(name: "room upgraded, not joined", content: .roomUpgraded(roomName: RemoteText(text), roomID: text,
                                                                             replacement: RoomReplacement(roomID: text, name: nil))),
            Sample(name: "/knock", content: .result(command: "knock", outcome: .membership(.knocked(roomID: text, target: text)))),
            Sample(name: "/knocks", content: .result(command: "knocks", outcome: .membership(.knocks(roomName: RemoteText(text), [
                Knock(roomID: text, userID: text, displayName: text, reason: text), Knock(roomID: text, userID: text)])))),
            Sample(name: "knock", content: .knocked(roomName: RemoteText(text), Knock(roomID: text, userID: text, displayName: text, reason: text))),
            Sample(name: "/directory", content: .result(command: "directory", outcome: .directory(.rooms(
                server: text, search: RemoteText(text), rooms: [SpaceRoomEntry(SpaceRoom(roomID: text, name: text, canonicalAlias: text, topic: text,
                                                                                         joinedMemberCount: 3, joinRule: "knock"), via: [text])],
                firstNumber: 21, hasMore: true, totalEstimate: 40)))),
            Sample(name: "/poll", content: .result(command: "poll", outcome: .poll(.started(question: RemoteText(text))))),
            Sample(name: "/vote", content: .result(command: "vote", outcome: .poll(.voted(number: 3, answers: [RemoteText(text)])))),
            Sample(name: "/endpoll", content: .result(command: "endpoll", outcome: .poll(.ended(number: 3))), showsText: false),
            Sample(name: "poll", content: .message(Self.poll(text, ended: false))),
            Sample(name: "poll ended", content: .message(Self.poll(text, ended: true))),
            Sample(name: "/roles set", content: .result(command: "roles", outcome: .roles(.settingChanged(.event(text), level: 50,
                                                                                                        roomName: RemoteText(text))))),
            Sample(name: "/forget", content: .result(command: "forget", outcome: .room(.forgotten(roomName: RemoteText(text))))),
            Sample(name: "/notify keywords", content: .result(command: "notify", outcome: .notification(.keywords([RemoteText(text)])))),
            Sample(name: "/notify --global", content: .result(command: "notify", outcome: .notification(.defaults(
                NotificationDefaults(PushRuleSet.defaults(for: "@me:hs"))))), showsText: false),
            Sample(name: "/view", content: .result(command: "view", outcome: .media(.viewed(ShownPicture(of: message, drawing: .drawn(sixel)))))),
            Sample(name: "/draft", content: .result(command: "draft", outcome: .draft(.shown(text)))),
            Sample(name: "/draft save", content: .result(command: "draft", outcome: .draft(.saved)), showsText: false),
            Sample(name: "/draft clear", content: .result(command: "draft", outcome: .draft(.cleared)), showsText: false),
            Sample(name: "/drafts", content: .result(command: "drafts", outcome: .draft(.list([DraftView(roomID: text, roomName: RemoteText(text), body: text)])))),
            Sample(name: "/cancel", content: .result(command: "cancel", outcome: .queue(.cancelled(count: 1))), showsText: false),
            Sample(name: "/devices", content: .result(command: "devices", outcome: .encryption(.devices(userID: text, [device])))),
            Sample(name: "/verify device", content: .result(command: "verify", outcome: .encryption(.verified(userID: text, deviceID: text,
                                                                                                             isVerified: true)))),
            Sample(name: "/export", content: .result(command: "export", outcome: .encryption(.keysExported(path: text, count: 3)))),
            Sample(name: "/import", content: .result(command: "import", outcome: .encryption(.keysImported(path: text, imported: 2, total: 3)))),
            Sample(name: "/encrypt", content: .result(command: "encrypt", outcome: .encryption(.roomEncrypted(roomName: RemoteText(text))))),
            Sample(name: "/recovery", content: .result(command: "recovery", outcome: .trust(.recoveryStatus(status)))),
            Sample(name: "/recover", content: .result(command: "recover", outcome: .trust(.recovered(backupVersion: text, restored: restore))),
                   showsText: false),
            Sample(name: "/recovery setup", content: .result(command: "recovery", outcome: .trust(.recoverySetUp(recoveryKey: text, backupVersion: text,
                                                                                                                alreadyShown: false)))),
            Sample(name: "/backup", content: .result(command: "backup", outcome: .trust(.backupStatus(status)))),
            Sample(name: "/backup restore", content: .result(command: "backup", outcome: .trust(.backupRestored(restore))), showsText: false),
            Sample(name: "/identity", content: .result(command: "identity", outcome: .trust(.identity(IdentityView(identity))))),
            Sample(name: "/backup on", content: .result(command: "backup", outcome: .trust(.backupTurnedOn(BackupActivation(version: text, isNew: true,
                                                                                                                isInSecretStorage: false))))),
            Sample(name: "/backup off", content: .result(command: "backup", outcome: .trust(.backupTurnedOff(deletedVersion: text)))),
            Sample(name: "/verify --withdraw", content: .result(command: "verify", outcome: .trust(.identityAccepted(IdentityView(identity), before: .changed,
                                                                                                                       releasedMessages: 2)))),
            Sample(name: "/verify", content: .result(command: "verify", outcome: .verification(.standing(verification))), showsText: false),
            Sample(name: "/verify step", content: .result(command: "verify", outcome: .verification(.step(verification))), showsText: false),
            Sample(name: "/verifications", content: .result(command: "verifications", outcome: .verification(.list([verification])))),
            Sample(name: "/source", content: .result(command: "source", outcome: .developer(.eventSource(source)))),
            Sample(name: "/labs", content: .result(command: "labs", outcome: .developer(.labs([LabSwitch(name: .sync, value: text)])))),
            Sample(name: "/report-problem", content: .result(command: "report-problem", outcome: .developer(.problemReported(path: text, size: 9)))),
            // What is not a command's result.
            Sample(name: "session resumed", content: .sessionResumed(session)),
            Sample(name: "session ended", content: .sessionEnded(userID: text)),
            Sample(name: "config problem", content: .configProblem(ConfigDiagnostic(file: text, line: 2, column: 3, problem: .syntax(text)))),
            Sample(name: "message", content: .message(message)),
            Sample(name: "changed message", content: .messageChanged(redacted)),
            Sample(name: "reaction", content: .reacted(senderName: RemoteText(text), key: RemoteText(text), reference: nil, excerpt: RemoteText(text))),
            Sample(name: "mention", content: .mentioned(roomName: RemoteText(text), count: 2)),
            Sample(name: "news", content: .news(roomName: RemoteText(text), messages: 3, mentions: 1)),
            Sample(name: "invite", content: .invited(Invitation(roomID: text, inviterID: text, inviterName: RemoteText(text), roomName: RemoteText(text), isDirect: true,
                                                                number: 1))),
            Sample(name: "attention", content: .attention(Attention(roomName: RemoteText(text), senderName: RemoteText(text), body: RemoteText(text), isMention: true)), showsText: false),
            Sample(name: "send problem", content: .sendProblem(transactionID: text, roomID: text, .server(errcode: text, message: RemoteText(text), status: 500),
                                                              retryIn: .seconds(3))),
            Sample(name: "first sync", content: .firstSyncUnderway, showsText: false),
            Sample(name: "no sliding sync", content: .slidingSyncUnavailable, showsText: false),
            Sample(name: "push rules unreadable", content: .pushRulesUnreadable(count: 3), showsText: false),
            Sample(name: "first sync finished", content: .firstSyncFinished(roomCount: 3), showsText: false),
            Sample(name: "gap", content: .gap(roomName: RemoteText(text))),
            Sample(name: "sign-in link", content: .signInLink(url, openedInBrowser: false), showsText: false),
            Sample(name: "device code", content: .deviceCode(DeviceCodePrompt(verificationURI: url, userCode: text, verificationURIComplete: url,
                                                                              expiresIn: 600, openedInBrowser: false))),
            Sample(name: "transfer", content: .transfer(TransferNotice(direction: .download, fileName: RemoteText(text), progress: TransferProgress(done: 1, total: 2)))),
            Sample(name: "identity changed", content: .identityChanged(userID: text, wasVerified: true, rooms: [RemoteText(text)])),
            Sample(name: "identity reset", content: .identityChanged(userID: text, wasVerified: false, rooms: [RemoteText(text)])),
            Sample(name: "history imported", content: .historyShared(HistoryImport(roomID: text, sharedBy: text, deviceID: text,
                                                                                    outcome: .imported(keys: 3, total: 4, skipped: 1)), room: RemoteText(text))),
            Sample(name: "history refused", content: .historyShared(HistoryImport(roomID: text, sharedBy: text, deviceID: text,
                                                                                   outcome: .refused(.unverifiedDevice)), room: RemoteText(text))),
            Sample(name: "sent despite identity reset", content: .sentDespiteIdentityReset(userIDs: [text], room: RemoteText(text))),
            Sample(name: "verification", content: .verification(verification)),
            Sample(name: "verification cancelled", content: .verification(cancelled)),
            Sample(name: "secrets arrived", content: .secretsArrived(SecretsArrival(crossSigning: true, backupKey: true)), showsText: false),
            Sample(name: "restore progress", content: .restoreProgress(done: 1, total: 2), showsText: false),
            Sample(name: "preview ready", content: .previewReady(LinkPreview(matchedURL: text, url: text, title: text, siteName: text, summary: text))),
            Sample(name: "picture not shown", content: .picture(ShownPicture(of: message, drawing: .failed(.unreachable(.forbidden(message: RemoteText(text))))))),
        ]
        samples += failures(text).map { name, error in
            Sample(name: "failure: \(name)", content: .result(command: text, outcome: .failure(error)), showsText: !silentFailures.contains(name))
        }
        return samples
    }

    /// The failures whose message carries none of the text (a decoding error keeps the server's
    /// words to the log).
    static let silentFailures: Set = ["no room open", "not queued", "too large", "queue number", "store", "not logged in", "login in progress",
                                      "password", "cancelled", "decoding", "session not saved", "no account management", "wait", "not own",
                                      "self", "no invites", "pictures unavailable", "pictures off", "pictures described", "unknown link",
                                      "ignoring self", "invite blocking unsupported", "report unsupported", "above own", "no more rooms", "too many poll answers"]

    /// Every `ShellError`, with the server's own words where a case carries them.
    static func failures(_ text: String) -> [(String, ShellError)] {
        [
            ("parse", .parse(.unknownCommand(name: text, suggestion: text))),
            ("parse option", .parse(.unknownOption(command: text, option: text))),
            ("no room open", .noRoomOpen), ("unknown room", .unknownRoom(text)), ("invalid address", .invalidRoomAddress(text)),
            ("not queued", .notQueued), ("too large", .messageTooLarge(bytes: 70_000, limit: 65_536)), ("queue number", .unknownQueueNumber(4)),
            ("store", .storeUnavailable), ("not logged in", .notLoggedIn), ("signed out", .signedOut(userID: text)),
            ("already logged in", .alreadyLoggedIn(userID: text)), ("login in progress", .loginInProgress),
            ("homeserver not allowed", .homeserverNotAllowed(text, allowed: [text])), ("password", .passwordUnavailable),
            ("password file", .passwordFileUnreadable(path: text)), ("cancelled", .cancelled), ("confirm", .confirmationRequired(command: text)),
            ("forbidden", .matrix(.forbidden(message: RemoteText(text)))), ("server", .matrix(.server(errcode: text, message: RemoteText(text), status: 500))),
            ("invalid homeserver", .matrix(.invalidHomeserver(text))), ("well-known", .matrix(.wellKnownInvalid(text))),
            ("decoding", .matrix(.decoding(text))), ("transport", .matrix(.transport(.other(code: 7, message: text)))),
            ("TLS", .matrix(.transport(.tls(text)))), ("encryption refused", .matrix(.encryptionRefused(.unsupportedAlgorithm(text)))),
            ("held for a changed identity", .matrix(.encryptionRefused(.verifiedIdentityChanged([text])))),
            ("setting", .setting(.invalidValue(key: .sync, value: text, expected: .oneOf([text])))),
            ("unknown profile", .unknownProfile(text, suggestion: text)), ("unknown alias", .unknownAlias(text)),
            ("invalid alias", .invalidAliasName(text)), ("alias shadows", .aliasShadowsCommand(text)), ("alias too deep", .aliasTooDeep(text)),
            ("script unreadable", .scriptUnreadable(path: text)), ("script too deep", .scriptTooDeep(path: text)),
            ("script failed", .scriptFailed(path: text)), ("session not saved", .sessionNotSaved),
            ("no account management", .noAccountManagement), ("wait", .waitTimedOut(seconds: 2)), ("unknown message", .unknownMessage(text)),
            ("not sent", .messageNotSent(text)),
            ("not own", .notOwnMessage), ("no reaction", .noSuchReaction(text)), ("unknown user", .unknownUser(text)),
            ("user not found", .userNotFound(text, command: text)), ("no devices", .userWithoutDevices(text)), ("self", .directChatWithSelf),
            ("no invites", .noInvites), ("not invited", .notInvited(roomName: RemoteText(text))), ("invalid alias address", .invalidRoomAlias(text)),
            ("not permitted", .notPermitted(.kick, .outranked(userID: text, theirs: 100, own: 50))),
            ("state not permitted", .stateNotPermitted(command: text, roomName: RemoteText(text), required: 50, own: 0)),
            ("turned off", .turnedOff(command: text, profile: text, flag: .showQRCodeLogin)), ("unknown space", .unknownSpace(text)),
            ("not in space", .notInSpace(room: RemoteText(text), space: RemoteText(text))), ("file unreadable", .fileUnreadable(path: text)),
            ("not a file", .notAFile(path: text)), ("file too large", .fileTooLarge(path: text, limit: 1024)), ("no media", .noMedia(reference: text)),
            ("attachment damaged", .attachmentDamaged(name: text)), ("no picture", .noPicture(reference: text)), ("unknown link", .unknownLink(number: 3, listed: 2)),
            ("unknown keyword", .unknownKeyword(RemoteText(text))), ("not ignored", .notIgnored(text)), ("ignoring self", .ignoringSelf),
            ("invite blocking unsupported", .inviteBlockingUnsupported), ("invite blocked", .inviteBlocked(userID: text)),
            ("report unsupported", .reportUnsupported), ("demoting self", .demotingSelf(command: text)), ("not pinned", .notPinned(text)), ("no more rooms", .noMoreRooms), ("not a poll", .notAPoll(text)), ("poll ended", .pollEnded(text)),
            ("unknown poll answer", .unknownPollAnswer(text, count: 3)), ("too many poll answers", .tooManyPollAnswers(allowed: 2)), ("already upgraded", .alreadyUpgraded(roomName: RemoteText(text), replacementRoomID: text)),
            ("above own", .notPermitted(.op, .levelAboveOwn(level: 100, own: 50))), ("creator fixed", .notPermitted(.op, .creatorFixed(userID: text))), ("not left", .notLeft(roomName: RemoteText(text))),
            ("pictures unavailable", .picturesUnavailable), ("pictures off", .picturesOff), ("pictures described", .picturesDescribed), ("picture not shown", .pictureNotShown(label: text, .notAPicture)),
            ("file not written", .fileNotWritten(path: text)), ("encryption", .encryption(.alreadyEncrypted(roomName: RemoteText(text)))),
            ("device unknown", .encryption(.unknownDevice(userID: text, deviceID: text))),
            ("recovery", .recovery(.server(.forbidden(message: RemoteText(text))))), ("secret missing", .recovery(.secretMissing(text))),
            ("login", .login(.unknownIdentityProvider(text, offered: [RemoteText(text)]))), ("authorization server", .login(.authorizationServer(RemoteText(text)))),
            ("refused in browser", .login(.refusedInBrowser(RemoteText(text)))),
            ("verification", .verification(.notFound(text))), ("verification server", .verification(.server(.server(errcode: text, message: RemoteText(text),
                                                                                                                       status: 400)))),
        ]
    }

    /// Which case `outcome` is. No `default`: a new case must be numbered here.
    static func number(of outcome: Outcome) -> Int {
        switch outcome {
        case .done: 0
        case .help: 1
        case .scripting(.echo): 2
        case .session(let outcome):
            switch outcome {
            case .loggedIn: 3
            case .loggedOut: 4
            case .whoami: 5
            case .accountManagement: 6
            case .displayName: 71
            }
        case .settings(.config): 7
        case .settings(.changed): 8
        case .settings(.developerFlagChanged): 9
        case .settings(.developerFlagValue): 10
        case .settings(.values): 11
        case .scripting(.aliasDefined): 12
        case .scripting(.aliasRemoved): 13
        case .scripting(.aliases): 14
        case .room(.list): 15
        case .room(.unread): 16
        case .room(.markedRead): 17
        case .room(.markedUnread): 80
        case .room(.opened): 18
        case .room(.openedBeforeSync): 19
        case .room(.members): 20
        case .room(.text): 21
        case .room(.textChanged): 22
        case .room(.history): 23
        case .message(.queued): 24
        case .room(.joined): 25
        case .space(.alreadyJoined): 26
        case .room(.left): 27
        case .membership(.declined): 28
        case .membership(.created): 29
        case .space(.childAdded): 30
        case .space(.childRemoved): 31
        case .room(.joinRule): 32
        case .membership(.directChat): 33
        case .membership(.changed): 34
        case .space(.list): 35
        case .space(.hierarchy): 36
        case .space(.rooms): 37
        case .space(.kicked): 38
        case .queue(let outcome):
            switch outcome {
            case .list: 39
            case .resent: 40
            case .cancelled: 52
            }
        case .thread(.opened): 41
        case .thread(.closed): 42
        case .room(.searchResults): 43
        case .room(.news): 75
        case .room(.recent): 76
        case .thread(.list): 44
        case .relation(.reactionQueued): 45
        case .relation(.redactionQueued): 46
        case .media(.downloaded): 47
        case .media(.viewed): 72
        case .link(.listed): 73
        case .link(.opened): 74
        case .notification(.level): 77
        case .notification(.keywords): 78
        case .notification(.defaults): 79
        case .safety(.ignored): 81
        case .safety(.invites): 82
        case .safety(.reported): 83
        case .room(.forgotten): 84
        case .roles(.roles): 85
        case .roles(.userChanged): 86
        case .roles(.settingChanged): 87
        case .pin(.list): 88
        case .pin(.changed): 89
        case .upgrade(.upgraded): 90
        case .membership(.knocked): 91
        case .membership(.knocks): 92
        case .directory(.rooms): 93
        case .poll(.started): 94
        case .poll(.voted): 95
        case .poll(.ended): 96
        case .draft(let outcome):
            switch outcome {
            case .shown: 48
            case .saved: 49
            case .cleared: 50
            case .list: 51
            }
        case .encryption(let outcome):
            switch outcome {
            case .devices: 53
            case .verified: 54
            case .keysExported: 55
            case .keysImported: 56
            case .roomEncrypted: 57
            }
        case .trust(let outcome):
            switch outcome {
            case .recoveryStatus: 58
            case .recovered: 59
            case .recoverySetUp: 60
            case .backupStatus: 61
            case .backupRestored: 62
            case .identity: 63
            case .identityAccepted: 97
            case .backupTurnedOn: 98
            case .backupTurnedOff: 99
            }
        case .verification(.standing): 64
        case .verification(.step): 65
        case .verification(.list): 66
        case .developer(let outcome):
            switch outcome {
            case .eventSource: 67
            case .labs: 68
            case .problemReported: 69
            }
        case .failure: 70
        }
    }

    static let outcomeCount = 100

    /// Which case `content` is. No `default`: a new case must be numbered here.
    static func number(of content: Report.Content) -> Int {
        switch content {
        case .result: 0
        case .sessionResumed: 1
        case .sessionEnded: 2
        case .configProblem: 3
        case .message: 4
        case .messageChanged: 5
        case .reacted: 6
        case .mentioned: 7
        case .invited: 8
        case .attention: 9
        case .sendProblem: 10
        case .firstSyncUnderway: 11
        case .slidingSyncUnavailable: 12
        case .firstSyncFinished: 13
        case .gap: 14
        case .signInLink: 15
        case .deviceCode: 16
        case .transfer: 17
        case .identityChanged: 18
        case .verification: 19
        case .secretsArrived: 20
        case .restoreProgress: 21
        case .picture: 22
        case .previewReady: 23
        case .news: 24
        case .pushRulesUnreadable: 25
        case .roomUpgraded: 26
        case .knocked: 27
        case .sentDespiteIdentityReset: 28
        case .historyShared: 29
        }
    }

    static let contentCount = 30

    /// Which case `error` is. No `default`: a new case must be numbered here.
    static func number(of error: ShellError) -> Int {
        switch error {
        case .parse: 0
        case .noRoomOpen: 1
        case .unknownRoom: 2
        case .invalidRoomAddress: 3
        case .notQueued: 4
        case .messageTooLarge: 5
        case .unknownQueueNumber: 6
        case .storeUnavailable: 7
        case .notLoggedIn: 8
        case .signedOut: 9
        case .alreadyLoggedIn: 10
        case .loginInProgress: 11
        case .homeserverNotAllowed: 12
        case .passwordUnavailable: 13
        case .passwordFileUnreadable: 14
        case .cancelled: 15
        case .confirmationRequired: 16
        case .matrix: 17
        case .setting: 18
        case .unknownProfile: 19
        case .unknownAlias: 20
        case .invalidAliasName: 21
        case .aliasShadowsCommand: 22
        case .aliasTooDeep: 23
        case .scriptUnreadable: 24
        case .scriptTooDeep: 25
        case .scriptFailed: 26
        case .sessionNotSaved: 27
        case .noAccountManagement: 28
        case .waitTimedOut: 29
        case .unknownMessage: 30
        case .notOwnMessage: 31
        case .noSuchReaction: 32
        case .unknownUser: 33
        case .userNotFound: 34
        case .userWithoutDevices: 35
        case .directChatWithSelf: 36
        case .noInvites: 37
        case .notInvited: 38
        case .invalidRoomAlias: 39
        case .notPermitted: 40
        case .stateNotPermitted: 41
        case .turnedOff: 42
        case .unknownSpace: 43
        case .notInSpace: 44
        case .fileUnreadable: 45
        case .notAFile: 46
        case .fileTooLarge: 47
        case .noMedia: 48
        case .fileNotWritten: 49
        case .encryption: 50
        case .recovery: 51
        case .login: 52
        case .verification: 53
        case .messageNotSent: 54
        case .attachmentDamaged: 55
        case .noPicture: 56
        case .picturesUnavailable: 57
        case .picturesOff: 58
        case .pictureNotShown: 59
        case .unknownLink: 60
        case .picturesDescribed: 61
        case .unknownKeyword: 62
        case .ignoringSelf: 63
        case .notIgnored: 64
        case .inviteBlockingUnsupported: 65
        case .inviteBlocked: 66
        case .reportUnsupported: 67
        case .notLeft: 68
        case .demotingSelf: 69
        case .notPinned: 70
        case .alreadyUpgraded: 71
        case .noMoreRooms: 72
        case .notAPoll: 73
        case .pollEnded: 74
        case .unknownPollAnswer: 75
        case .tooManyPollAnswers: 76
        }
    }

    static let errorCount = 77
}
