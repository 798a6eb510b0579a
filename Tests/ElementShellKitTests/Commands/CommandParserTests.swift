import Testing
@testable import ElementShellKit
@testable import MatrixClient

@Suite struct CommandParserTests {
    /// One example line per command: the table and these examples must cover each other.
    static let examples: [(line: String, action: Action)] = [
        ("/help", .app(.help(command: nil))),
        ("/help login", .app(.help(command: "login"))),
        ("/login matrix.org alice", .session(.login(LoginRequest(homeserver: "matrix.org", user: "alice")))),
        ("/login https://clap.ac @bob:clap.ac", .session(.login(LoginRequest(homeserver: "https://clap.ac", user: "@bob:clap.ac")))),
        ("/login matrix.org", .session(.login(LoginRequest(homeserver: "matrix.org")))),
        ("/login matrix.org --sso", .session(.login(LoginRequest(homeserver: "matrix.org", method: .sso)))),
        ("/login matrix.org --sso Git Hub", .session(.login(LoginRequest(homeserver: "matrix.org", method: .sso, identityProvider: "Git Hub")))),
        ("/login matrix.org alice --password", .session(.login(LoginRequest(homeserver: "matrix.org", user: "alice", method: .password)))),
        ("/logout", .session(.logout(confirmed: false))),
        ("/logout!", .session(.logout(confirmed: true))),
        ("/whoami", .session(.whoami)),
        ("/account", .session(.account)),
        ("/rooms", .room(.list)),
        ("/rooms --unread", .room(.listUnread)),
        ("/read", .room(.markRead(target: nil))),
        ("/read Team chat", .room(.markRead(target: "Team chat"))),
        ("/me waves hello", .message(.emote(text: "waves hello"))),
        ("/queue", .queue(.list)),
        ("/history", .room(.history(count: 20))),
        ("/members", .room(.members)),
        ("/topic", .room(.text(.topic, set: nil))),
        ("/topic Plans for Friday", .room(.text(.topic, set: "Plans for Friday"))),
        ("/name", .room(.text(.name, set: nil))),
        ("/name Team chat", .room(.text(.name, set: "Team chat"))),
        // A space (or another room) acted on by name, as `/space` says.
        ("/topic --in \"The Guild\" Where we meet", .room(.text(.topic, set: "Where we meet", in: "The Guild"))),
        ("/name --in Guild", .room(.text(.name, set: nil, in: "Guild"))),
        ("/topic the --in option", .room(.text(.topic, set: "the --in option"))),
        ("/invite @bob:hs.example The Guild", .membership(.change(.invite, user: "@bob:hs.example", reason: nil, in: "The Guild"))),
        ("/joinrule --in Guild public", .room(.joinRule(JoinRuleRequest(rule: "public", spaces: []), in: "Guild"))),
        ("/joinrule --in 'The Guild'", .room(.joinRule(nil, in: "The Guild"))),
        ("/history 50", .room(.history(count: 50))),
        ("/last", .room(.last(count: 5))),
        ("/last 12", .room(.last(count: 12))),
        ("/unread", .room(.news)),
        ("/draft see you at 5", .draft(.save(text: "see you at 5"))),
        ("/draft", .draft(.show)),
        ("/draft clear", .draft(.clear)),
        ("/drafts", .draft(.list)),
        ("/resend", .queue(.resend(number: nil))),
        ("/resend 2", .queue(.resend(number: 2))),
        ("/cancel 1", .queue(.cancel(number: 1))),
        ("/join #general:hs.example", .room(.join(target: "#general:hs.example"))),
        ("/leave", .room(.leave(target: nil))),
        ("/leave Team chat", .room(.leave(target: "Team chat"))),
        ("/notice build #42 passed", .message(.notice(text: "build #42 passed"))),
        ("/plain *not* emphasis", .message(.plain(text: "*not* emphasis"))),
        ("/reply ~12 sounds good", .relation(.reply(to: .shown(12), text: "sounds good"))),
        ("/edit ^ fixed typo", .relation(.edit(.latest(1), text: "fixed typo"))),
        ("/react ^2 :+1:", .relation(.react(to: .latest(2), key: ":+1:"))),
        ("/unreact $abc:hs 👍", .relation(.unreact(to: .eventID("$abc:hs"), key: "👍"))),
        ("/redact ~3 off topic", .relation(.redact(.shown(3), reason: "off topic"))),
        ("/redact ~3", .relation(.redact(.shown(3), reason: nil))),
        ("/upload \"holiday photos/cat 1.png\"", .media(.upload(path: "holiday photos/cat 1.png"))),
        ("/download ~4", .media(.download(.shown(4), path: nil, overwrite: false))),
        ("/view ~4", .media(.view(.shown(4)))),
        ("/links", .link(.list)),
        ("/link 2", .link(.open(number: 2))),
        ("/download! ^ ~/cat.png", .media(.download(.latest(1), path: "~/cat.png", overwrite: true))),
        ("/thread ~4", .thread(.open(.shown(4), text: nil))),
        ("/thread ^ me too", .thread(.open(.latest(1), text: "me too"))),
        ("/threads", .thread(.list)),
        ("/search quarterly budget", .room(.search(text: "quarterly budget", everywhere: false))),
        ("/search --all budget", .room(.search(text: "budget", everywhere: true))),
        ("/search budget --all", .room(.search(text: "budget", everywhere: true))),
        ("/back", .thread(.back)),
        ("/html <b>bold</b> move", .message(.html(text: "<b>bold</b> move"))),
        ("/open 2", .room(.open(target: "2"))),
        ("/open #general:hs.example", .room(.open(target: "#general:hs.example"))),
        ("/open Team chat", .room(.open(target: "Team chat"))),
        ("/reconnect", .session(.reconnect)),
        ("/config", .settings(.show(profile: nil))),
        ("/config clap", .settings(.show(profile: "clap"))),
        ("/set color never", .settings(.set(key: "color", value: "never"))),
        ("/set", .settings(.describe(key: nil))),
        ("/set history_size", .settings(.describe(key: "history_size"))),
        ("/set ca_file /etc/ssl/my ca.pem", .settings(.set(key: "ca_file", value: "/etc/ssl/my ca.pem"))),
        ("/source ~/scripts/morning.elrc", .scripting(.source(path: "~/scripts/morning.elrc"))),
        ("/alias j /join $1", .scripting(.defineAlias(name: "j", expansion: "/join $1"))),
        ("/unalias j", .scripting(.removeAlias(name: "j"))),
        ("/aliases", .scripting(.listAliases)),
        ("/echo  hello   world ", .scripting(.echo(text: "hello   world"))),
        ("/echo", .scripting(.echo(text: ""))),
        ("/after 2.5 /echo done", .scripting(.after(seconds: 2.5, line: "/echo done"))),
        ("/wait sync", .scripting(.waitForSync(timeout: 30))),
        ("/wait sync --timeout 2.5", .scripting(.waitForSync(timeout: 2.5))),
        ("/wait sent", .scripting(.waitUntilSent(timeout: 30))),
        ("/wait verification --timeout 90", .verification(.wait(timeout: 90))),
        ("/wait secrets", .trust(.waitForSecrets(timeout: 30))),
        ("/wait message see you", .scripting(.waitForMessage(containing: "see you", timeout: 30))),
        ("/wait message done --timeout 5", .scripting(.waitForMessage(containing: "done", timeout: 5))),
        ("/accept", .membership(.accept(target: nil))),
        ("/accept Team chat", .membership(.accept(target: "Team chat"))),
        ("/decline 1", .membership(.decline(target: "1"))),
        ("/create Team chat", .membership(.create(RoomCreation(name: "Team chat")))),
        ("/create Bob's room --topic Plans for Friday --alias bobs --public",
         .membership(.create(RoomCreation(name: "Bob's room", aliasLocalpart: "bobs", topic: "Plans for Friday", isPublic: true)))),
        ("/create Secrets --encrypted", .membership(.create(RoomCreation(name: "Secrets", isEncrypted: true)))),
        ("/dm @bob:hs.example", .membership(.directChat(user: "@bob:hs.example"))),
        ("/devices", .encryption(.devices(user: nil))),
        ("/devices @bob:hs.example", .encryption(.devices(user: "@bob:hs.example"))),
        ("/verify", .verification(.requestOwnDevices)),
        ("/verify Bob", .verification(.requestUser(user: "Bob"))),
        ("/verify @bob:hs.example PHONE", .verification(.requestDevice(user: "@bob:hs.example", deviceID: "PHONE"))),
        ("/verification", .verification(.list)),
        ("/verification accept", .verification(.accept(nil))),
        ("/verification emoji 2", .verification(.startEmoji("2"))),
        ("/verification confirm 2", .verification(.confirm("2"))),
        ("/verification mismatch 2", .verification(.mismatch("2"))),
        ("/verification cancel $flow", .verification(.cancel("$flow"))),
        ("/verify Bob PHONE abcd EFGH 1234", .encryption(.setVerified(true, user: "Bob", deviceID: "PHONE", fingerprint: "abcd EFGH 1234"))),
        ("/unverify Bob PHONE", .encryption(.setVerified(false, user: "Bob", deviceID: "PHONE", fingerprint: nil))),
        ("/verify @bob:hs --identity abcd EFGH", .trust(.verifyIdentity(user: "@bob:hs", fingerprint: "abcd EFGH"))),
        ("/verify --withdraw Bob", .trust(.withdrawVerification(user: "Bob"))),
        ("/verify @bob:hs --withdraw", .trust(.withdrawVerification(user: "@bob:hs"))),
        ("/whois @bob:hs", .trust(.whois(user: "@bob:hs"))),
        ("/keys export ~/keys.txt", .encryption(.exportKeys(path: "~/keys.txt", overwrite: false))),
        ("/keys! export 'my keys.txt'", .encryption(.exportKeys(path: "my keys.txt", overwrite: true))),
        ("/keys import keys.txt", .encryption(.importKeys(path: "keys.txt"))),
        ("/encrypt", .encryption(.encryptRoom(confirmed: false))),
        ("/recovery", .trust(.recoveryStatus)),
        ("/recovery EsTV i3LB yDwN", .trust(.recover(key: "EsTV i3LB yDwN"))),
        ("/recovery --passphrase", .trust(.recover(key: nil))),
        ("/recovery setup", .trust(.setUp(confirmed: false))),
        ("/recovery! setup", .trust(.setUp(confirmed: true))),
        ("/recovery reset", .trust(.reset(confirmed: false))),
        ("/recovery! reset", .trust(.reset(confirmed: true))),
        ("/backup", .trust(.backupStatus)),
        ("/backup restore", .trust(.restoreBackup)),
        ("/backup on", .trust(.turnBackupOn(key: nil))),
        ("/backup on EsTV i3LB yDwN", .trust(.turnBackupOn(key: "EsTV i3LB yDwN"))),
        ("/backup off", .trust(.turnBackupOff(confirmed: false))),
        ("/backup! off", .trust(.turnBackupOff(confirmed: true))),
        ("/encrypt!", .encryption(.encryptRoom(confirmed: true))),
        ("/invite @bob:hs.example", .membership(.change(.invite, user: "@bob:hs.example", reason: nil))),
        ("/kick Bob", .membership(.change(.kick, user: "Bob", reason: nil))),
        ("/roles", .roles(.show)),
        ("/pins", .pin(.list)),
        (#"/poll "Lunch, where?" Pizza "Sushi bar""#, .poll(.create(question: "Lunch, where?", answers: ["Pizza", "Sushi bar"], kind: .disclosed, maxSelections: 1))),
        ("/poll Colours? red green blue --undisclosed --multiple 2", .poll(.create(question: "Colours?", answers: ["red", "green", "blue"],
                                                                                   kind: .undisclosed, maxSelections: 2))),
        ("/vote ~3 1 \"Sushi bar\"", .poll(.vote(.shown(3), answers: ["1", "Sushi bar"]))),
        ("/endpoll ^", .poll(.end(.latest(1)))),
        ("/knock #club:hs let me in, please", .membership(.knock(target: "#club:hs", reason: "let me in, please"))),
        ("/knock !room:hs", .membership(.knock(target: "!room:hs", reason: nil))),
        ("/knocks", .membership(.knocks)),
        ("/directory", .directory(.browse(search: nil, server: nil))),
        ("/directory cats and dogs --server example.org", .directory(.browse(search: "cats and dogs", server: "example.org"))),
        ("/directory --more", .directory(.more)),
        ("/joinrule knock_restricted Team", .room(.joinRule(JoinRuleRequest(rule: "knock_restricted", spaces: ["Team"])))),
        ("/upgrade 12", .upgrade(.upgrade(version: "12", confirmed: false))),
        ("/upgrade! 12", .upgrade(.upgrade(version: "12", confirmed: true))),
        ("/pin ~3", .pin(.pin(.shown(3)))),
        ("/unpin $abc", .pin(.unpin(.eventID("$abc")))),
        ("/roles set kick 75", .roles(.setSetting(.kick, level: 75))),
        ("/roles set m.room.name moderator", .roles(.setSetting(.event("m.room.name"), level: 50))),
        ("/op Bob", .roles(.setUser("Bob", level: 50, confirmed: false))),
        ("/op @bob:hs admin", .roles(.setUser("@bob:hs", level: 100, confirmed: false))),
        ("/op! @me:hs 0", .roles(.setUser("@me:hs", level: 0, confirmed: true))),
        ("/deop @bob:hs", .roles(.setUser("@bob:hs", level: nil, confirmed: false))),
        ("/spaces", .space(.list)),
        ("/space Team space", .space(.hierarchy(space: "Team space"))),
        ("/space Bob's space", .space(.hierarchy(space: "Bob's space"))),
        ("/space create The Guild --alias guild --public", .space(.create(RoomCreation(name: "The Guild", aliasLocalpart: "guild", isPublic: true, isSpace: true)))),
        ("/space add \"The Guild\" General --suggested --order a1", .space(.add(space: "The Guild", room: "General", suggested: true, order: "a1"))),
        ("/space add 2 !r:hs", .space(.add(space: "2", room: "!r:hs", suggested: false, order: nil))),
        ("/space remove Guild 'Old plans'", .space(.remove(space: "Guild", room: "Old plans"))),
        ("/create Plans for May --in The Guild --public", .membership(.create(RoomCreation(name: "Plans for May", isPublic: true), inSpace: "The Guild"))),
        ("/joinrule", .room(.joinRule(nil))),
        ("/joinrule Knock", .room(.joinRule(JoinRuleRequest(rule: "knock", spaces: [])))),
        ("/joinrule restricted Guild \"Other space\"", .room(.joinRule(JoinRuleRequest(rule: "restricted", spaces: ["Guild", "Other space"])))),
        ("/report ~3 it's spam", .safety(.report(.message(.shown(3)), reason: "it's spam", confirmed: false))),
        ("/report! --user @spam:hs sends spam", .safety(.report(.user("@spam:hs"), reason: "sends spam", confirmed: true))),
        ("/report --room 'The Lobby' spam", .safety(.report(.room(named: "The Lobby", orReason: "'The Lobby' spam"), reason: "spam", confirmed: false))),
        ("/report --room spam", .safety(.report(.room(named: nil, orReason: "spam"), reason: "", confirmed: false))),
        ("/ignore! @spam:hs", .safety(.ignore(user: "@spam:hs", confirmed: true))),
        ("/ignore 'Eve Spam'", .safety(.ignore(user: "Eve Spam", confirmed: false))),
        ("/unignore @spam:hs", .safety(.unignore(user: "@spam:hs"))),
        ("/ignored", .safety(.ignored)),
        ("/invites", .safety(.invites(block: nil))),
        ("/invites Block", .safety(.invites(block: true))),
        ("/invites allow", .safety(.invites(block: false))),
        ("/unread-mark", .room(.markUnread(target: nil))),
        ("/unread-mark The Lobby", .room(.markUnread(target: "The Lobby"))),
        ("/forget Old plans", .room(.forget(target: "Old plans"))),
        ("/notify", .notification(.show)),
        ("/notify MUTE", .notification(.setLevel(.mute))),
        ("/notify mentions", .notification(.setLevel(.mentionsAndKeywords))),
        ("/notify default", .notification(.setLevel(nil))),
        ("/notify keywords", .notification(.keywords)),
        ("/notify keywords add on call", .notification(.addKeyword("on call"))),
        ("/notify keywords remove 'on call'", .notification(.removeKeyword("on call"))),
        ("/notify --global", .notification(.defaults)),
        ("/notify --global Group all", .notification(.setDefault(.group, .allMessages))),
        ("/notify --global invites off", .notification(.setInvites(notify: false))),
        ("/space-kick 2 @bob:hs spamming the lobby", .space(.kick(space: "2", user: "@bob:hs", reason: "spamming the lobby"))),
        ("/ban @spam:hs.example sends spam, again", .membership(.change(.ban, user: "@spam:hs.example", reason: "sends spam, again"))),
        ("/unban @spam:hs.example", .membership(.change(.unban, user: "@spam:hs.example", reason: nil))),
        ("/view-source ~3", .developer(.viewSource(.shown(3)))),
        ("/view-source $abc:hs", .developer(.viewSource(.eventID("$abc:hs")))),
        ("/labs", .developer(.labs)),
        ("/report-problem", .developer(.reportProblem)),
        ("/quit", .app(.quit)),
        ("/nick", .session(.displayName(set: nil))),
        ("/nick Dr. Alice  B", .session(.displayName(set: "Dr. Alice  B"))),
    ]

    @Test(arguments: examples.indices)
    func parsesEveryCommand(index: Int) throws {
        let example = Self.examples[index]
        #expect(try CommandParser.parse(example.line) == example.action)
    }

    @Test func examplesCoverTheWholeTable() {
        let covered = Set(Self.examples.map { CommandParser.splitCommand($0.line).name.filter { $0 != "!" } })
        #expect(covered == Set(CommandTable.all.map(\.name)))
    }

    @Test func encryptionCommandsRefuseWhatTheyCannotMean() {
        #expect(throws: CommandParseError.usage(command: "keys")) { try CommandParser.parse("/keys send keys.txt") }
        #expect(throws: CommandParseError.usage(command: "keys")) { try CommandParser.parse("/keys export") }
        #expect(throws: CommandParseError.notConfirmable(command: "keys import")) { try CommandParser.parse("/keys! import keys.txt") }
        #expect(throws: CommandParseError.usage(command: "verification")) { try CommandParser.parse("/verification approve") }
        #expect(throws: CommandParseError.usage(command: "unverify")) { try CommandParser.parse("/unverify @bob:hs PHONE abcd") }
        #expect(throws: CommandParseError.usage(command: "encrypt")) { try CommandParser.parse("/encrypt now") }
        #expect(throws: CommandParseError.usage(command: "invites")) { try CommandParser.parse("/invites maybe") }
        #expect(throws: CommandParseError.usage(command: "roles")) { try CommandParser.parse("/roles set kick") }
        #expect(throws: CommandParseError.usage(command: "directory")) { try CommandParser.parse("/directory --server") }
        #expect(throws: CommandParseError.usage(command: "poll")) { try CommandParser.parse("/poll Alone? yes") }
        #expect(throws: CommandParseError.usage(command: "poll")) { try CommandParser.parse("/poll Q? a b --multiple 3") }
        #expect(throws: CommandParseError.usage(command: "poll")) { try CommandParser.parse("/poll Q? a b --multiple") }
        #expect(throws: CommandParseError.usage(command: "poll")) { try CommandParser.parse("/poll Q? " + (1...21).map(String.init).joined(separator: " ")) }
        #expect(throws: CommandParseError.usage(command: "vote")) { try CommandParser.parse("/vote ~3") }
        #expect(throws: CommandParseError.usage(command: "directory")) { try CommandParser.parse("/directory cats --more") }
        #expect(throws: CommandParseError.usage(command: "roles")) { try CommandParser.parse("/roles set nothing 50") }
        #expect(throws: CommandParseError.usage(command: "roles")) { try CommandParser.parse("/roles put kick 50") }
        #expect(throws: CommandParseError.usage(command: "op")) { try CommandParser.parse("/op @bob:hs boss") }
        #expect(throws: CommandParseError.usage(command: "op")) { try CommandParser.parse("/op @bob:hs 9007199254740993") }
        // What the user wrote never prints with the action: a keyword, a report's reason.
        #expect("\(Action.notification(.addKeyword("Project Falcon")))".contains("<redacted>"))
        #expect(!"\(Action.safety(.report(.message(.shown(3)), reason: "she said so", confirmed: true)))".contains("she said"))
        for line in ["/report", "/report ~3", "/report --user @spam:hs", "/report --room"] {
            #expect(throws: CommandParseError.usage(command: "report"), "\(line)") { try CommandParser.parse(line) }
        }
        for line in ["/notify loud", "/notify mute now", "/notify keywords add", "/notify keywords drop cake", "/notify --global direct mute",
                     "/notify --global invites maybe", "/notify --global group"] {
            #expect(throws: CommandParseError.usage(command: "notify"), "\(line)") { try CommandParser.parse(line) }
        }
        #expect(throws: CommandParseError.notConfirmable(command: "recovery")) { try CommandParser.parse("/recovery! EsTV i3LB") }
        #expect(throws: CommandParseError.usage(command: "backup")) { try CommandParser.parse("/backup delete") }
        #expect(throws: CommandParseError.usage(command: "backup")) { try CommandParser.parse("/backup off now") }
        #expect(throws: CommandParseError.notConfirmable(command: "backup")) { try CommandParser.parse("/backup! on") }
        #expect(throws: CommandParseError.usage(command: "create")) { try CommandParser.parse("/create Secrets --encrypted yes") }
        #expect(throws: CommandParseError.usage(command: "create")) { try CommandParser.parse("/create Secrets --in") }
        #expect(throws: CommandParseError.usage(command: "space create")) { try CommandParser.parse("/space create") }
        #expect(throws: CommandParseError.usage(command: "space create")) { try CommandParser.parse("/space create Guild --encrypted") }
        #expect(throws: CommandParseError.usage(command: "space add")) { try CommandParser.parse("/space add Guild") }
        #expect(throws: CommandParseError.usage(command: "space add")) { try CommandParser.parse("/space add Guild General --order") }
        #expect(throws: CommandParseError.usage(command: "space add")) { try CommandParser.parse("/space add Guild General --order \"é\"") }
        #expect(throws: CommandParseError.usage(command: "space add")) { try CommandParser.parse("/space add Guild General --pinned") }
        #expect(throws: CommandParseError.usage(command: "space remove")) { try CommandParser.parse("/space remove Guild") }
        // A form's mistake shows that form's usage.
        let usage = L10n.$languageOverride.withValue("en") { ErrorMessages.message(for: .parse(.usage(command: "space add"))) }
        #expect(usage.contains("/space add SPACE ROOM [--suggested] [--order KEY]"), "\(usage)")
        #expect(throws: CommandParseError.unterminatedQuote(command: "space")) { try CommandParser.parse("/space remove Guild 'Old") }
        #expect(throws: CommandParseError.usage(command: "joinrule")) { try CommandParser.parse("/joinrule restricted") }
        #expect(throws: CommandParseError.usage(command: "joinrule")) { try CommandParser.parse("/joinrule public Guild") }
        #expect(throws: CommandParseError.usage(command: "joinrule")) { try CommandParser.parse("/joinrule everyone") }
    }

    @Test func aliasesOfACommandParseLikeItsName() throws {
        #expect(try CommandParser.parse("/exit") == .app(.quit))
        #expect(try CommandParser.parse("/Q") == .app(.quit))
        #expect(try CommandParser.parse("/? set") == .app(.help(command: "set")))
    }

    @Test func plainLinesAreMessagesAndDoubleSlashEscapes() throws {
        #expect(try CommandParser.parse("hello there") == .message(.send(text: "hello there")))
        #expect(try CommandParser.parse("//shrug") == .message(.send(text: "/shrug")))
        #expect(try CommandParser.parse("   ") == nil)
        #expect(try CommandParser.parse("") == nil)
    }

    @Test func quotedArgumentsGroupWords() throws {
        #expect(try CommandParser.parse("/login 'my server' \"al ice\"") == .session(.login(LoginRequest(homeserver: "my server", user: "al ice"))))
        #expect(try CommandParser.parse("/config cl\\ ap") == .settings(.show(profile: "cl ap")))
    }

    @Test func restArgumentsAreTakenAsTyped() throws {
        #expect(try CommandParser.parse("/echo don't panic") == .scripting(.echo(text: "don't panic")))
        #expect(try CommandParser.parse("/after 0 back soon, it's \"late\"") == .scripting(.after(seconds: 0, line: "back soon, it's \"late\"")))
        #expect(try CommandParser.parse("/set ca_file ~/my \"ca\".pem") == .settings(.set(key: "ca_file", value: "~/my \"ca\".pem")))
    }

    @Test func fileNamesWithSpacesAreQuotedOrEscaped() throws {
        #expect(try CommandParser.parse("/source \"/tmp/a b.elrc\"") == .scripting(.source(path: "/tmp/a b.elrc")))
        #expect(try CommandParser.parse("/source /tmp/a\\ b.elrc") == .scripting(.source(path: "/tmp/a b.elrc")))
        #expect(throws: CommandParseError.usage(command: "source")) { try CommandParser.parse("/source /tmp/a b.elrc") }
    }

    @Test func wrongArgumentCountsAreUsageErrors() {
        #expect(throws: CommandParseError.usage(command: "login")) { try CommandParser.parse("/login") }
        #expect(throws: CommandParseError.usage(command: "login")) { try CommandParser.parse("/login matrix.org alice bob") }
        #expect(throws: CommandParseError.usage(command: "whoami")) { try CommandParser.parse("/whoami now") }
        #expect(throws: CommandParseError.usage(command: "after")) { try CommandParser.parse("/after 3") }
        #expect(throws: CommandParseError.usage(command: "wait")) { try CommandParser.parse("/wait forever") }
        #expect(throws: CommandParseError.usage(command: "wait")) { try CommandParser.parse("/wait message") }
        #expect(throws: CommandParseError.invalidNumber(command: "resend", value: "0")) { try CommandParser.parse("/resend 0") }
        #expect(throws: CommandParseError.invalidNumber(command: "history", value: "9999")) { try CommandParser.parse("/history 9999") }
        #expect(throws: CommandParseError.invalidNumber(command: "last", value: "0")) { try CommandParser.parse("/last 0") }
        #expect(throws: CommandParseError.usage(command: "wait")) { try CommandParser.parse("/wait sync 5") }
        #expect(throws: CommandParseError.unknownOption(command: "rooms", option: "--all")) { try CommandParser.parse("/rooms --all") }
        #expect(throws: CommandParseError.usage(command: "rooms")) { try CommandParser.parse("/rooms --unread now") }
        #expect(throws: CommandParseError.invalidNumber(command: "wait", value: "soon")) { try CommandParser.parse("/wait sync --timeout soon") }
        #expect(throws: CommandParseError.invalidReference(command: "reply", value: "#12")) { try CommandParser.parse("/reply #12 hi") }
        #expect(throws: CommandParseError.invalidReference(command: "react", value: "~0")) { try CommandParser.parse("/react ~0 :+1:") }
        #expect(throws: CommandParseError.usage(command: "edit")) { try CommandParser.parse("/edit ^") }
        #expect(throws: CommandParseError.usage(command: "search")) { try CommandParser.parse("/search --all") }
        #expect(throws: CommandParseError.usage(command: "topic")) { try CommandParser.parse("/topic --in") }
        #expect(throws: CommandParseError.unterminatedQuote(command: "name")) { try CommandParser.parse("/name --in \"The Guild") }
        #expect(throws: CommandParseError.usage(command: "joinrule")) { try CommandParser.parse("/joinrule --in Guild sometimes") }
        for line in ["/create", "/create --public", "/create Team --alias", "/create Team --alias two words", "/create Team --topic",
                     "/create Team --public yes", "/create Team --private", "/create Team --public --public", "/invite", "/kick", "/space", "/space-kick Team", "/spaces all"] {
            #expect(throws: CommandParseError.self, "\(line)") { try CommandParser.parse(line) }
        }
    }

    @Test func unknownCommandsSuggestTheNearestName() {
        #expect(throws: CommandParseError.unknownCommand(name: "lgoin", suggestion: "login")) { try CommandParser.parse("/lgoin x y") }
        #expect(throws: CommandParseError.unknownCommand(name: "wh", suggestion: "whois")) { try CommandParser.parse("/wh") }
        #expect(throws: CommandParseError.unknownCommand(name: "zzzzzz", suggestion: nil)) { try CommandParser.parse("/zzzzzz") }
        #expect(throws: CommandParseError.unknownCommand(name: "gret", suggestion: "greet")) {
            try CommandParser.parse("/gret", aliasNames: ["greet"])
        }
    }

    @Test func badValuesAndQuotesAreReported() {
        #expect(throws: CommandParseError.invalidNumber(command: "after", value: "soon")) { try CommandParser.parse("/after soon /echo x") }
        #expect(throws: CommandParseError.invalidNumber(command: "after", value: "-1")) { try CommandParser.parse("/after -1 /echo x") }
        #expect(throws: CommandParseError.unterminatedQuote(command: "config")) { try CommandParser.parse("/config \"open") }
        #expect(throws: CommandParseError.notConfirmable(command: "whoami")) { try CommandParser.parse("/whoami!") }
    }

    @Test func messageTextNeverShowsInDescriptions() {
        let action = Action.message(.send(text: "my secret plans"))
        #expect(!String(describing: action).contains("secret"))
        #expect(!String(describing: Action.scripting(.echo(text: "my secret plans"))).contains("secret"))
        #expect(!String(describing: Action.message(.emote(text: "my secret plans"))).contains("secret"))
        #expect(!String(describing: Action.membership(.change(.kick, user: "@bob:hs", reason: "my secret plans"))).contains("secret"))
        #expect(!String(describing: Action.space(.kick(space: "Team", user: "@bob:hs", reason: "my secret plans"))).contains("secret"))
        #expect(!String(describing: Action.membership(.create(RoomCreation(name: "secret", topic: "secret")))).contains("secret"))
    }

    @Test func actionsCarryingWhatTheUserTypedPrintOnlyTheirShape() throws {
        for line in ["/search secret plans", "/topic secret plans", "/reply ^ secret plans", "/thread ^ secret plans", "secret plans"] {
            #expect(!String(describing: try CommandParser.parse(line)).contains("secret"), "\(line)")
        }
    }
}
