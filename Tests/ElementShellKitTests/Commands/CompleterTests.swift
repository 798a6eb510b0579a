import Testing
@testable import ElementShellKit

@Suite struct CompleterTests {
    var context: CompletionContext {
        var context = CompletionContext()
        context.homeservers = ["matrix.org", "clap", "clap-dev"]
        context.profiles = ["element", "clap"]
        context.userIDs = ["@alice:clap.ac"]
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
}
