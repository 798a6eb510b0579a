import Testing
@testable import ElementShellKit
@testable import MatrixClient

@Suite struct LaunchOptionsTests {
    func run(_ arguments: [String]) throws -> LaunchOptions {
        guard case .run(let options) = try LaunchOptions.parse(arguments) else {
            Issue.record("\(arguments) is not a run")
            return LaunchOptions()
        }
        return options
    }

    @Test func aScreenReaderIsAskedForByTheFlagOrTheEnvironment() throws {
        let plain = try run([])
        #expect(!plain.asksForScreenReader(environment: [:]))
        #expect(!plain.asksForScreenReader(environment: ["ACCESSIBLE": ""]))
        #expect(!plain.asksForScreenReader(environment: ["ACCESSIBLE": "0"]))
        #expect(plain.asksForScreenReader(environment: ["ACCESSIBLE": "1"]))
        #expect(try run(["--screen-reader"]).asksForScreenReader(environment: [:]))
    }

    @Test func everyOptionTakesItsValueNextOrAfterAnEqualsSign() throws {
        let options = try run(["--config", "c.yaml", "--profile=clap", "--data-dir", "/d", "--rc", "x.elrc", "--no-rc",
                               "-c", "/open #a", "--command=hello", "-c/wait sent", "--output", "json",
                               "--password-file", "p", "--passphrase-file=q", "--screen-reader"])
        var expected = LaunchOptions()
        expected.config = "c.yaml"
        expected.profile = "clap"
        expected.dataDirectory = "/d"
        expected.rc = "x.elrc"
        expected.noRC = true
        expected.commands = ["/open #a", "hello", "/wait sent"]
        expected.output = .json
        expected.passwordFile = "p"
        expected.passphraseFile = "q"
        expected.screenReader = true
        #expect(options == expected)
        #expect(try run([]) == LaunchOptions())
    }

    @Test func aValueMayLookLikeAFlagOrBeEmpty() throws {
        #expect(try run(["-c", "--not-a-flag", "-c", ""]).commands == ["--not-a-flag", ""])
        #expect(try run(["--data-dir="]).dataDirectory == "")
    }

    @Test func helpAndVersionWinWhereverTheyStand() throws {
        #expect(try LaunchOptions.parse(["-c", "/echo x", "--help"]) == .help)
        #expect(try LaunchOptions.parse(["-h"]) == .help)
        #expect(try LaunchOptions.parse(["--bogus", "--version"]) == .version)
    }

    @Test func aCommandLineThatCannotRunSaysWhy() {
        #expect(throws: LaunchOptionsError.unknownOption("--bogus")) { try LaunchOptions.parse(["--bogus"]) }
        #expect(throws: LaunchOptionsError.unknownOption("--bogus")) { try LaunchOptions.parse(["--bogus=1"]) }
        #expect(throws: LaunchOptionsError.unexpectedArgument("hello")) { try LaunchOptions.parse(["hello"]) }
        #expect(throws: LaunchOptionsError.missingValue("-c")) { try LaunchOptions.parse(["-c"]) }
        #expect(throws: LaunchOptionsError.unexpectedValue("--no-rc")) { try LaunchOptions.parse(["--no-rc=yes"]) }
        #expect(throws: LaunchOptionsError.unexpectedValue("--screen-reader")) { try LaunchOptions.parse(["--screen-reader=on"]) }
        #expect(throws: LaunchOptionsError.invalidOutput("xml")) { try LaunchOptions.parse(["--output", "xml"]) }
        #expect(ErrorMessages.message(for: .invalidOutput("xml")) == "“xml” is not an output format: text or json. See --help for the options.")
    }

    @Test func helpListsEveryOptionWithItsWords() {
        let help = LaunchHelp.text(programName: "element-shell")
        for option in LaunchOption.allCases {
            #expect(help.contains(option.flags[0]) && help.contains(option.help), "\(option)")
        }
        #expect(help.contains("Usage: element-shell [<options>]") && help.contains("-h, --help"))
    }
}
