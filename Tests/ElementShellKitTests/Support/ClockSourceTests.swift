import Foundation
import Testing

/// Dates come from the session's clock (`ShellClock.date`), which a test clock fixes: a `Date()`
/// elsewhere would date a receipt, a retry or a rendering by the wall clock in a test that moved
/// its own. This reads the sources, as a type cannot keep `Date()` out.
@Suite struct ClockSourceTests {
    @Test func onlyTheSystemClockReadsTheWallClock() throws {
        let reads = try TLSVerificationSourceTests.lines(matching: Regex(#"\bDate\(\)"#))
        #expect(reads == ["MatrixClient/Support/ShellClock.swift: public var date: Date { Date() }"])
    }
}
