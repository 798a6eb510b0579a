import Foundation

extension Process {
    /// Runs the process to its end with nothing on its input; returns its status and what it
    /// printed, output and errors together. Blocks: call it off the test runner's threads.
    func runCapturingOutput() throws -> (status: Int32, output: String) {
        let output = Pipe()
        standardOutput = output
        standardError = output
        standardInput = FileHandle.nullDevice
        try run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        waitUntilExit()
        return (terminationStatus, text)
    }
}
