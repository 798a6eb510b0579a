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

    /// The helper started for a dialogue: it keeps state between requests that no request can
    /// carry (vodozemac's `Sas`), answering each with one JSON line. It ends when its input does:
    /// at `end()`, or when a failed test drops the dialogue and the pipe closes with it.
    func dialogue() throws -> Dialogue {
        guard let python = Self.python else { throw Failure(description: "ELEMENT_SHELL_TEST_PYTHON is not set") }
        return try Dialogue(python: python, script: script)
    }

    final class Dialogue: Sendable {
        private let process = ChildProcess()
        private let input = Pipe()
        private let output = Pipe()

        fileprivate init(python: String, script: String) throws {
            process.executableURL = URL(fileURLWithPath: python)
            process.arguments = [script]
            process.standardInput = input
            process.standardOutput = output
            try process.run()
        }

        func send(_ request: [String: Any]) async throws -> [String: Any] {
            let request = try JSONSerialization.data(withJSONObject: request) + Data("\n".utf8)
            let line = try await offThePool { [input, output] in
                try input.fileHandleForWriting.write(contentsOf: request)
                var line = Data()
                while true {
                    let byte = output.fileHandleForReading.readData(ofLength: 1)
                    if byte.isEmpty || byte == Data("\n".utf8) { return line }
                    line += byte
                }
            }
            guard let object = try? JSONSerialization.jsonObject(with: line) as? [String: Any] else {
                throw Failure(description: "oracle answered \(String(decoding: line, as: UTF8.self))")
            }
            return object
        }

        func end() async throws {
            try input.fileHandleForWriting.close()
            try await offThePool { [process] in process.waitUntilExit() }
        }
    }
}
