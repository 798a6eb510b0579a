import Testing
@testable import ElementShellKit
@testable import MatrixClient

@Suite struct AliasExpanderTests {
    @Test func numberedAndAllArguments() {
        #expect(AliasExpander.expand("/login $1 $2", arguments: " clap alice") == "/login clap alice")
        #expect(AliasExpander.expand("/echo [$*]", arguments: " a  \"b c\"") == "/echo [a  \"b c\"]")
        #expect(AliasExpander.expand("/echo $2-$1-$3", arguments: " x \"y z\"") == "/echo 'y z'-x-")
    }

    @Test func withoutPlaceholdersArgumentsAreAppended() {
        #expect(AliasExpander.expand("/echo hi", arguments: " there") == "/echo hi there")
        #expect(AliasExpander.expand("/whoami", arguments: "") == "/whoami")
    }

    @Test func aDollarBeforeAnythingElseIsText() {
        #expect(AliasExpander.expand("/echo costs $ 5 $", arguments: " x") == "/echo costs $ 5 $ x")
        #expect(AliasExpander.expand("/echo $HOME", arguments: " hello") == "/echo $HOME hello")
        #expect(AliasExpander.expand("/echo $0 $1 $", arguments: " x") == "/echo $0 x $")
    }

    @Test func substitutedWordsKeepTheirGrouping() throws {
        let line = AliasExpander.expand("/login $1 $2", arguments: " \"my server\" bob")
        #expect(try CommandParser.parse(line) == .session(.login(LoginRequest(homeserver: "my server", user: "bob"))))
        let tricky = AliasExpander.expand("/config $1", arguments: " \"it's\"")
        #expect(try CommandParser.parse(tricky) == .settings(.show(profile: "it's")))
    }

    @Test func namesArePlainWords() {
        #expect(AliasExpander.isValidName("j"))
        #expect(AliasExpander.isValidName("go-home_2"))
        #expect(!AliasExpander.isValidName("a/b"))
        #expect(!AliasExpander.isValidName(""))
        #expect(!AliasExpander.isValidName("x y"))
    }
}
