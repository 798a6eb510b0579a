import Testing
@testable import ElementShellKit
@testable import MatrixClient

@Suite struct CompleterTests {
    var context: CompletionContext {
        var context = CompletionContext()
        context.homeservers = ["matrix.org", "clap", "clap-dev"]
        context.profiles = ["element", "clap"]
        context.people = [.init(userID: "@alice:clap.ac")]
        context.aliases = ["greet"]
        return context
    }

    @Test func commandNamesFirstIncludingAliases() {
        #expect(Completer.complete("/lo", context: context) == .candidates(["/login", "/logout"]))
        #expect(Completer.complete("/gr", context: context) == .candidates(["/greet"]))
        #expect(Completer.complete("hello /lo", context: context) == .candidates([]))
    }

    @Test func argumentsByKind() {
        #expect(Completer.complete("/login cl", context: context) == .candidates(["clap", "clap-dev"]))
        #expect(Completer.complete("/login clap @al", context: context) == .candidates(["@alice:clap.ac"]))
        #expect(Completer.complete("/config ", context: context) == .candidates(["clap", "element"]))
        #expect(Completer.complete("/set hist", context: context) == .candidates(["history_size"]))
        #expect(Completer.complete("/help wh", context: context) == .candidates(["whoami", "whois"]))
        #expect(Completer.complete("/unalias g", context: context) == .candidates(["greet"]))
    }

    @Test func settingValuesByKey() {
        #expect(Completer.complete("/set color ", context: context) == .candidates(["always", "auto", "never"]))
        #expect(Completer.complete("/set language ", context: context) == .candidates(["de", "en", "none"]))
        #expect(Completer.complete("/set log_level w", context: context) == .candidates(["warning"]))
        #expect(Completer.complete("/set ca_file /etc/", context: context) == .files)
        #expect(Completer.complete("/set history_size ", context: context) == .candidates([]))
    }

    @Test func fileArgumentsUseFileNameCompletion() {
        #expect(Completer.complete("/source ~/scr", context: context) == .files)
        #expect(Completer.complete("/source /tmp/", context: context) == .files)
    }

    @Test func nothingPastTheLastParameter() {
        #expect(Completer.complete("/whoami x", context: context) == .candidates([]))
        #expect(Completer.complete("/login clap @alice:clap.ac ", context: context) == .candidates([]))
    }

    @Test func anAtInAMessageCompletesToTheOpenRoomsMembers() {
        var context = CompletionContext()
        context.userIDs = ["@me:hs", "@bob:hs", "@bea:hs"]
        #expect(Completer.complete("hi @b", context: context) == .candidates(["@bea:hs", "@bob:hs"]))
        #expect(Completer.complete("hi b", context: context) == .candidates([]))
        #expect(Completer.complete("//not a @b", context: context) == .candidates(["@bea:hs", "@bob:hs"]))
    }

    @Test func notifyCompletesEachWordByTheOnesBefore() {
        let context = CompletionContext()
        #expect(Completer.complete("/notify m", context: context) == .candidates(["mentions", "mute"]))
        #expect(Completer.complete("/notify keywords ", context: context) == .candidates(["add", "remove"]))
        #expect(Completer.complete("/notify --global ", context: context) == .candidates(["direct", "encrypted", "group", "invites"]))
        #expect(Completer.complete("/notify --global group ", context: context) == .candidates(["all", "mentions"]))
        #expect(Completer.complete("/notify --global invites o", context: context) == .candidates(["off", "on"]))
    }

    @Test func theRoomCommandsOfElementXComplete() {
        var context = CompletionContext()
        context.people = [.init(userID: "@me:hs"), .init(userID: "@bob:hs", displayName: "Bob")]
        #expect(Completer.complete("/ro", context: context) == .candidates(["/roles", "/rooms"]))
        #expect(Completer.complete("/roles ", context: context) == .candidates(["set"]))
        #expect(Completer.complete("/roles set b", context: context) == .candidates(["ban"]))
        #expect(Completer.complete("/op @b", context: context) == .candidates(["@bob:hs"]))
        #expect(Completer.complete("/op @bob:hs m", context: context) == .candidates(["mod", "moderator"]))
        #expect(Completer.complete("/joinrule knock_", context: context) == .candidates(["knock_restricted"]))
        #expect(Completer.complete("/endp", context: context) == .candidates(["/endpoll"]))
        #expect(Completer.complete("/pin ", context: context) == .candidates(["^"]))
    }

    @Test func roomArgumentsCompleteNamesAndAliasesCaseAside() {
        var context = CompletionContext()
        context.rooms = ["Demo Room", "Demo Lounge", "Garden"]
        context.roomAliases = ["#demo:hs"]
        #expect(Completer.complete("/open dem", context: context) == .candidates(["Demo Lounge", "Demo Room"]))
        #expect(Completer.complete("/open Ga", context: context) == .candidates(["Garden"]))
        #expect(Completer.complete("/read #d", context: context) == .candidates(["#demo:hs"]))
        // The parser takes the rest of the line as the name: the last word completes within it.
        #expect(Completer.complete("/open Demo R", context: context) == .candidates(["Room"]))
        #expect(Completer.complete("/leave demo ", context: context) == .candidates(["Lounge", "Room"]))
        #expect(Completer.complete("/joinrule invite gar", context: context) == .candidates(["Garden"]))
        // One word only: names with spaces would not parse, their alias does.
        #expect(Completer.complete("/join d", context: context) == .candidates([]))
        #expect(Completer.complete("/join #", context: context) == .candidates(["#demo:hs"]))
        #expect(Completer.complete("/space-kick g", context: context) == .candidates(["Garden"]))
    }

    @Test func userArgumentsCompleteIDsByIDOrDisplayNameCaseAside() {
        var context = CompletionContext()
        context.people = [.init(userID: "@alice:hs", displayName: "Alice Liddell"), .init(userID: "@bob:hs", displayName: "Bobby"),
                          .init(userID: "@carol:hs")]
        #expect(Completer.complete("/invite @b", context: context) == .candidates(["@bob:hs"]))
        #expect(Completer.complete("/dm ali", context: context) == .candidates(["@alice:hs"]))
        #expect(Completer.complete("/verify BOB", context: context) == .candidates(["@bob:hs"]))
        #expect(Completer.complete("/whois @", context: context) == .candidates(["@alice:hs", "@bob:hs", "@carol:hs"]))
        #expect(Completer.complete("/kick car", context: context) == .candidates(["@carol:hs"]), "by the ID without its @")
        #expect(Completer.complete("/ban @c", context: context) == .candidates(["@carol:hs"]))
    }
}
