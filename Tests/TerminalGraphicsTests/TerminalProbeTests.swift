import Foundation
import Testing
import TestSupport
@testable import TerminalGraphics
#if canImport(Glibc)
import Glibc
#endif

/// The probe on a pseudo-terminal, with a recorded terminal on the other side: it asks, reads
/// the answers in raw mode, and leaves the terminal's mode as it found it.
@Suite struct TerminalProbeTests {
    /// A pty pair: the probe gets the terminal end, the test plays the terminal on the other.
    final class PseudoTerminal {
        let controller: Int32
        let terminal: Int32

        init() throws {
            var controller: Int32 = 0, terminal: Int32 = 0
            guard openpty(&controller, &terminal, nil, nil, nil) == 0 else { throw POSIXError(.EIO) }
            self.controller = controller
            self.terminal = terminal
        }

        deinit {
            close(controller)
            close(terminal)
        }

        /// Answers with `answer` once the query has come in whole, on a thread of its own started
        /// at once (the reads block; the probe waits for it only so long); the query as it came.
        func answer(_ answer: [UInt8], afterReading count: Int) -> Task<[UInt8], any Error> {
            let controller = controller
            return onThreadStartedNow {
                var query: [UInt8] = []
                var buffer = [UInt8](repeating: 0, count: 256)
                while query.count < count {
                    let read = buffer.withUnsafeMutableBytes { Glibc.read(controller, $0.baseAddress, $0.count) }
                    guard read > 0 else { break }
                    query += buffer[..<read]
                }
                _ = answer.withUnsafeBytes { write(controller, $0.baseAddress, $0.count) }
                return query
            }
        }

        /// The probe, which blocks while it waits, on a thread of its own too; with how long it
        /// waited, timed on that thread (the test's task may resume much later on a busy pool).
        func ask(throughTmux: Bool, grace: Duration = .milliseconds(200)) async throws -> (answers: TerminalAnswers, waited: Duration) {
            let terminal = terminal
            return try await offThePool {
                let clock = ContinuousClock()
                let started = clock.now
                let answers = TerminalProbe.ask(input: terminal, output: terminal, throughTmux: throughTmux, limit: .seconds(30), grace: grace)
                return (answers, clock.now - started)
            }
        }

        var localModes: tcflag_t {
            var modes = termios()
            tcgetattr(terminal, &modes)
            return modes.c_lflag
        }
    }

    @Test func readsKittysAnswersAndRestoresTheMode() async throws {
        let pty = try PseudoTerminal()
        let before = pty.localModes
        let query = TerminalQuery.bytes(throughTmux: false)
        let terminal = pty.answer(try Fixture.bytes("Answers/kitty.bin"), afterReading: query.count)
        let answers = try await pty.ask(throughTmux: false).answers
        #expect(try await terminal.value == query, "the query went out as it is")
        #expect(answers == TerminalAnswers(parsing: try Fixture.bytes("Answers/kitty.bin")))
        #expect(answers.speaksKittyGraphics)
        #expect(pty.localModes == before, "echo and line editing are back")
        #expect(before & tcflag_t(ECHO) != 0)
    }

    /// Inside tmux without passthrough only tmux's own DA1 comes: the wait ends a grace after it,
    /// not at the limit.
    @Test func waitsOnlyAGraceForTheOuterTerminalInsideTmux() async throws {
        let pty = try PseudoTerminal()
        let query = TerminalQuery.bytes(throughTmux: true)
        let terminal = pty.answer(try Fixture.bytes("Answers/tmux-without-passthrough.bin"), afterReading: query.count)
        let (answers, waited) = try await pty.ask(throughTmux: true, grace: .milliseconds(100))
        #expect(waited < .seconds(30), "the grace ended the wait, not the limit")
        #expect(try await terminal.value == query)
        #expect(answers.deviceAttributes == [[1, 2]] && !answers.isComplete(throughTmux: true))
    }
}
