import Foundation
import TestSupport

/// Runs one of the Python peers (`Peers/*.py`) with the venv's Python that Scripts/test names.
enum PeerScript {
    static let python = ProcessInfo.processInfo.environment["ELEMENT_SHELL_TEST_PYTHON"]

    static func path(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appending(path: "Peers/\(name)").path
    }

    struct Failure: Error {
        let arguments: [String]
        let status: Int32
        /// The last line of its output: a peer's answer says why it failed.
        let answer: String
        let errors: String
    }

    /// The script's output; a failure when it exits with another status than 0. `input`, if any,
    /// is its standard input, whole (the script reads it all before it writes).
    @discardableResult
    static func run(_ script: String, _ arguments: [String], input: Data? = nil, python: String? = python) async throws -> String {
        let (status, output, errors) = try await execute(script, arguments, input: input, python: python)
        guard status == 0 else {
            throw Failure(arguments: arguments, status: status, answer: output.split(separator: "\n").last.map(String.init) ?? "", errors: errors)
        }
        return output
    }

    /// Runs the script to its end; the wait does not hold one of the test runner's threads.
    static func execute(_ script: String, _ arguments: [String], input: Data? = nil,
                        python: String? = python) async throws -> (status: Int32, output: String, errors: String) {
        try await offThePool {
            let process = ChildProcess()
            process.executableURL = URL(fileURLWithPath: python ?? "/usr/bin/python3")
            process.arguments = [script] + arguments
            let output = Pipe(), errors = Pipe(), standardInput = input.map { _ in Pipe() }
            process.standardOutput = output
            process.standardError = errors
            if let standardInput { process.standardInput = standardInput }
            try process.run()
            if let input, let standardInput {
                try standardInput.fileHandleForWriting.write(contentsOf: input)
                try standardInput.fileHandleForWriting.close()
            }
            let data = output.fileHandleForReading.readDataToEndOfFile()
            let errorData = errors.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: data, as: UTF8.self), String(decoding: errorData, as: UTF8.self))
        }
    }
}
