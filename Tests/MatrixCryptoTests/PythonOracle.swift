import Foundation
import TestSupport

/// A Python helper in `Peers/`, run with the venv's Python that Scripts/test names: one JSON
/// request on stdin, one JSON answer on stdout per call.
struct PythonOracle: Sendable {
    static let python = ProcessInfo.processInfo.environment["ELEMENT_SHELL_TEST_PYTHON"]
    static var isAvailable: Bool { python != nil }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let script: String

    /// `name` is the helper's file name in `Peers/`.
    init(script name: String) {
        script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "Peers/\(name)").path
    }

    /// The helper's answer to `request`; the wait for it does not hold one of the test runner's threads.
    func call(_ request: [String: Any]) async throws -> [String: Any] {
        guard let python = Self.python else { throw Failure(description: "ELEMENT_SHELL_TEST_PYTHON is not set") }
        // Only bytes cross to the waiting thread: the request and answer as JSON objects are not Sendable.
        let request = try JSONSerialization.data(withJSONObject: request)
        let (status, answer, problems) = try await offThePool { [script] in
            let process = ChildProcess()
            process.executableURL = URL(fileURLWithPath: python)
            process.arguments = [script]
            let input = Pipe(), output = Pipe(), errors = Pipe()
            process.standardInput = input
            process.standardOutput = output
            process.standardError = errors
            try process.run()
            try input.fileHandleForWriting.write(contentsOf: request)
            try input.fileHandleForWriting.close()
            let answer = output.fileHandleForReading.readDataToEndOfFile()
            let problems = errors.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, answer, problems)
        }
        guard status == 0, let object = try JSONSerialization.jsonObject(with: answer) as? [String: Any] else {
            throw Failure(description: "oracle failed: \(String(decoding: problems, as: UTF8.self))")
        }
        return object
    }
}
