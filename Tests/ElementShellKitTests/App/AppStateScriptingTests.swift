import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

@MainActor
@Suite struct AppStateScriptingTests {
    @Test func aliasesExpandAndCannotHideCommands() async {
        let app = AppHarness()
        #expect(await app.state.run(line: "/alias greet /echo hello $1!"))
        #expect(await app.state.run(line: "/greet world"))
        #expect(app.log.outcomes.last == .scripting(.echo(text: "hello world!")))
        #expect(!(await app.state.run(line: "/alias login /echo no")))
        #expect(!(await app.state.run(line: "/alias a/b /echo no")))
        #expect(app.log.failures == [.aliasShadowsCommand("login"), .invalidAliasName("a/b")])
        await app.state.run(line: "/aliases")
        #expect(app.log.outcomes.last == .scripting(.aliases([AliasEntry(name: "greet", expansion: "/echo hello $1!")])))
        #expect(await app.state.run(line: "/unalias greet"))
        #expect(!(await app.state.run(line: "/unalias greet")))
        #expect(!(await app.state.run(line: "/greet world")))
        #expect(app.log.failures.last == .parse(.unknownCommand(name: "greet", suggestion: nil)))
    }

    @Test func scriptsWithWindowsLineEndingsRunLineByLine() async {
        let app = AppHarness()
        #expect(!(await app.state.send(.runScript(text: "/echo one\r\n/echo two\r\n/nope\r\n", named: "crlf.elrc"))))
        #expect(app.log.outcomes.prefix(2) == [.scripting(.echo(text: "one")), .scripting(.echo(text: "two"))])
        #expect(app.log.reports.last?.location == ScriptLocation(file: "crlf.elrc", line: 3))
    }

    /// Batch mode and `--output json` count one result per command: what the terminal and the
    /// start of a run ask is not a command, and only a script's own lines report.
    @Test func actionsThatAreNotCommandsReportNoResult() async {
        let app = AppHarness()
        await app.state.send(.resumeSession)
        await app.state.send(.inputLineChanged("hello"))
        await app.state.send(.interrupt)
        #expect(await app.state.send(.runScript(text: "# nothing\n/echo one", named: "start.elrc")))
        await app.state.send(.end)
        #expect(app.log.reports.map(\.content) == [.result(command: "echo", outcome: .scripting(.echo(text: "one")))])
    }

    @Test func anAliasThatCallsItselfStops() async {
        let app = AppHarness()
        await app.state.run(line: "/alias loop /loop")
        #expect(!(await app.state.run(line: "/loop")))
        #expect(app.log.failures == [.aliasTooDeep("loop")])
    }

    @Test func scriptsSkipCommentsAndReportFailingLinesButGoOn() async {
        let app = AppHarness()
        let script = """
        # greeting
        /echo one

        /nonsense
          /echo two
        /set colour never
        """
        #expect(!(await app.state.send(.runScript(text: script, named: "test.elrc"))))
        #expect(app.log.outcomes.filter { if case .scripting(.echo) = $0 { true } else { false } } == [.scripting(.echo(text: "one")), .scripting(.echo(text: "two"))])
        let failedLines = app.log.reports.filter(\.isFailure).map(\.location)
        #expect(failedLines == [ScriptLocation(file: "test.elrc", line: 4), ScriptLocation(file: "test.elrc", line: 6)])
    }

    @Test func sourceRunsAFileAndNamesUnreadableOnes() async {
        let app = AppHarness(scripts: ["/home/tester/morning.elrc": "/alias hi /echo hi\n/hi"])
        #expect(await app.state.run(line: "/source ~/morning.elrc"))
        #expect(app.log.outcomes.contains(.scripting(.echo(text: "hi"))))
        #expect(app.log.reports.last?.content == .result(command: "source", outcome: .done))
        #expect(!(await app.state.run(line: "/source /nowhere.elrc")))
        #expect(app.log.failures == [.scriptUnreadable(path: "/nowhere.elrc")])
    }

    @Test func aScriptThatSourcesItselfStops() async {
        let app = AppHarness(scripts: ["/self.elrc": "/source /self.elrc"])
        #expect(!(await app.state.run(line: "/source /self.elrc")))
        #expect(app.log.failures.contains(.scriptTooDeep(path: "/self.elrc")))
    }

    @Test func quitEndsAScript() async {
        let app = AppHarness()
        await app.state.send(.runScript(text: "/echo a\n/quit\n/echo b", named: "x"))
        #expect(!app.log.outcomes.contains(.scripting(.echo(text: "b"))))
    }

    @Test func afterRunsTheLineLaterOnItsOwn() async {
        let clock = TestClock()
        let app = AppHarness(clock: clock)
        await app.state.send(.runScript(text: "/after 0.05 /nonsense", named: "timer.elrc"))
        #expect(app.state.scheduledLineCount == 1)
        clock.advance(by: .milliseconds(50))
        await app.state.waitForScheduledLines()
        #expect(app.state.scheduledLineCount == 0)
        let late = app.log.reports.last
        #expect(late?.isFailure == true)
        #expect(late?.location == nil, "a timer's line is not a line of the script that set it")
    }

    /// A timer counts from when it was set, not from when its task first runs: time that passes
    /// in between (a busy machine) does not make it late. A wait's timeout that began counting
    /// only then never ended on a test clock moved on meanwhile, and hung one unit run in five.
    @Test func aTimerCountsFromWhenItWasSetNotFromWhenItsTaskFirstRuns() async throws {
        let clock = TestClock()
        let app = AppHarness(clock: clock)
        #expect(await app.state.run(line: "/after 1 /echo later"))
        // Still on the main actor, before the timer's task has had a turn.
        clock.advance(by: .seconds(1))
        try await waitUntil { app.state.scheduledLineCount == 0 }
        #expect(app.log.outcomes.last == .scripting(.echo(text: "later")))
    }
}
