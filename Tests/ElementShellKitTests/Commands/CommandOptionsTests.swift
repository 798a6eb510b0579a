import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// Options go before or after a command's positional arguments, by one rule for every command.
@Suite struct CommandOptionsTests {
    /// Each command with options, written with them first and with them last.
    static let pairs: [(first: String, last: String, action: Action)] = [
        ("/login --sso example.org", "/login example.org --sso", .session(.login(LoginRequest(homeserver: "example.org", method: .sso)))),
        ("/login --password example.org alice", "/login example.org alice --password",
         .session(.login(LoginRequest(homeserver: "example.org", user: "alice", method: .password)))),
        ("/login --oauth example.org", "/login example.org --oauth", .session(.login(LoginRequest(homeserver: "example.org", method: .oauth)))),
        ("/create --encrypted Room Name", "/create Room Name --encrypted", .membership(.create(RoomCreation(name: "Room Name", isEncrypted: true)))),
        ("/create --topic \"Plans for May\" --public Bob's room", "/create Bob's room --topic Plans for May --public",
         .membership(.create(RoomCreation(name: "Bob's room", topic: "Plans for May", isPublic: true)))),
        ("/create --in Guild --alias side Side room", "/create Side room --in Guild --alias side",
         .membership(.create(RoomCreation(name: "Side room", aliasLocalpart: "side"), inSpace: "Guild"))),
        ("/space create --public The Guild", "/space create The Guild --public",
         .space(.create(RoomCreation(name: "The Guild", isPublic: true, isSpace: true)))),
        ("/space add --order a1 --suggested Guild Lobby", "/space add Guild Lobby --suggested --order a1",
         .space(.add(space: "Guild", room: "Lobby", suggested: true, order: "a1"))),
        ("/rooms --unread", "/rooms --unread", .room(.listUnread)),
        ("/directory --server example.org cats", "/directory cats --server example.org", .directory(.browse(search: "cats", server: "example.org"))),
        ("/poll --undisclosed --multiple 2 Colours? red blue", "/poll Colours? red blue --undisclosed --multiple 2",
         .poll(.create(question: "Colours?", answers: ["red", "blue"], kind: .undisclosed, maxSelections: 2))),
        ("/search --all lunch plans", "/search lunch plans --all", .room(.search(text: "lunch plans", everywhere: true))),
        ("/wait --timeout 5 sync", "/wait sync --timeout 5", .scripting(.waitForSync(timeout: 5))),
        ("/wait --timeout 5 message see you", "/wait message see you --timeout 5", .scripting(.waitForMessage(containing: "see you", timeout: 5))),
    ]

    @Test(arguments: pairs.indices)
    func optionsParseTheSameBeforeAndAfterTheArguments(index: Int) throws {
        let pair = Self.pairs[index]
        #expect(try CommandParser.parse(pair.first) == pair.action, "\(pair.first)")
        #expect(try CommandParser.parse(pair.last) == pair.action, "\(pair.last)")
    }

    @Test func everyCommandWithOptionsHasAPairHere() {
        let covered = Set(Self.pairs.map { CommandParser.splitCommand($0.first).name })
        #expect(covered == Set(CommandTable.all.filter { !$0.options.isEmpty || $0.variants.contains { !$0.options.isEmpty } }.map(\.name)))
    }

    @Test func unknownOptionsAreNamedBeforeTheArgumentsAndUsageErrorsAfter() {
        #expect(throws: CommandParseError.unknownOption(command: "login", option: "--saml")) { try CommandParser.parse("/login --saml example.org") }
        #expect(throws: CommandParseError.unknownOption(command: "create", option: "--private")) { try CommandParser.parse("/create --private Team") }
        #expect(throws: CommandParseError.unknownOption(command: "space create", option: "--encrypted")) {
            try CommandParser.parse("/space create --encrypted Guild")
        }
        #expect(throws: CommandParseError.unknownOption(command: "wait", option: "--for")) { try CommandParser.parse("/wait --for 5 sync") }
        #expect(throws: CommandParseError.usage(command: "create")) { try CommandParser.parse("/create Team --private") }
        #expect(throws: CommandParseError.usage(command: "login")) { try CommandParser.parse("/login example.org --saml") }
        #expect(throws: CommandParseError.usage(command: "wait")) { try CommandParser.parse("/wait --timeout") }
        #expect(throws: CommandParseError.usage(command: "create")) { try CommandParser.parse("/create --encrypted") }
        let message = L10n.$languageOverride.withValue("en") { ErrorMessages.message(for: .parse(.unknownOption(command: "create", option: "--private"))) }
        #expect(message.contains("--private") && message.contains("/create NAME"), "\(message)")
    }

    @Test func freeTextIsNeverReadAsOptions() throws {
        #expect(try CommandParser.parse("/me --waves") == .message(.emote(text: "--waves")))
        #expect(try CommandParser.parse("/reply ~2 --foo bar") == .relation(.reply(to: MessageReference("~2")!, text: "--foo bar")))
        #expect(try CommandParser.parse("/echo --timeout 5") == .scripting(.echo(text: "--timeout 5")))
    }

    /// `/help` shows every option a command or form reads, in both languages.
    @Test(arguments: ["en", "de"])
    func usageLinesListEveryDeclaredOption(language: String) {
        L10n.$languageOverride.withValue(language) {
            for spec in CommandTable.all {
                let usages = [spec.usage] + spec.variants.map(\.usage)
                for option in spec.options {
                    #expect(usages.contains { $0.contains(option.name) }, "/\(spec.name) \(option.name)")
                }
                for variant in spec.variants {
                    for option in variant.options {
                        #expect(variant.usage.contains(option.name), "/\(spec.name) \(variant.word) \(option.name)")
                    }
                }
            }
        }
    }
}
