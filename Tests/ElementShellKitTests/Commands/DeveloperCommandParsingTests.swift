import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// The developer-mode commands: how their lines parse, and that the table marks them so.
@Suite struct DeveloperCommandParsingTests {
    @Test func theyAreDeveloperOnlyAndNothingElseIs() {
        #expect(Set(CommandTable.all.filter { $0.requiredFlag == .showDeveloperSettings }.map(\.command)) == [.viewSource, .labs, .reportProblem])
    }

    @Test func viewSourceTakesOneMessageReference() throws {
        #expect(try CommandParser.parse("/view-source ^2") == .developer(.viewSource(.latest(2))))
        #expect(throws: CommandParseError.invalidReference(command: "view-source", value: "12")) { try CommandParser.parse("/view-source 12") }
        #expect(throws: CommandParseError.usage(command: "view-source")) { try CommandParser.parse("/view-source") }
        #expect(throws: CommandParseError.usage(command: "view-source")) { try CommandParser.parse("/view-source ~1 ~2") }
    }

    @Test func labsAndReportProblemTakeNoArguments() {
        #expect(throws: CommandParseError.usage(command: "labs")) { try CommandParser.parse("/labs sync") }
        #expect(throws: CommandParseError.usage(command: "report-problem")) { try CommandParser.parse("/report-problem now") }
        #expect(throws: CommandParseError.notConfirmable(command: "report-problem")) { try CommandParser.parse("/report-problem!") }
    }

    @Test func theirActionsNameTheirCommands() throws {
        for line in ["/view-source ~1", "/labs", "/report-problem"] {
            let action = try #require(try CommandParser.parse(line))
            #expect("/" + action.command.rawValue == line.split(separator: " ")[0])
        }
    }
}
