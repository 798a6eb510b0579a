import Foundation
import Testing
import TestSupport
@testable import TerminalGraphics

/// Sixel and iTerm2 drawings decoded by programs that share nothing with libchafa: libsixel's
/// `sixel2png` (Debian's libsixel-bin, which Scripts/test installs) and Pillow (the dev venv's
/// `ELEMENT_SHELL_TEST_PYTHON`). Each comes back close to the scene it was drawn from.
@Suite struct DrawingDecodedBackTests {
    static let python = ProcessInfo.processInfo.environment["ELEMENT_SHELL_TEST_PYTHON"]
    static let sixelToPNG = "/usr/bin/sixel2png"

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: sixelToPNG), "needs libsixel-bin (Scripts/test)"))
    func sixelDecodesBackToTheScene() async throws {
        let (scene, bytes) = try Self.draw(.sixel)
        let png = try await Self.run(Self.sixelToPNG, [], input: bytes)
        try Self.expectClose(try ImageDecoder().decode(png), to: scene)
    }

    @Test(.enabled(if: python != nil, "needs ELEMENT_SHELL_TEST_PYTHON (Scripts/test)"))
    func iTerm2ImageDecodesBackToTheScene() async throws {
        let (scene, bytes) = try Self.draw(.iterm)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}]1337;File=inline=1;") && text.hasSuffix("\u{07}"))
        let payload = try #require(text.split(separator: ":", maxSplits: 1).last?.dropLast())
        let script = "import base64, io, sys; from PIL import Image; "
            + "Image.open(io.BytesIO(base64.b64decode(sys.stdin.read()))).save(sys.stdout.buffer, 'PNG')"
        let png = try await Self.run(try #require(Self.python), ["-c", script], input: Array(payload.utf8))
        try Self.expectClose(try ImageDecoder().decode(png), to: scene)
    }

    private static func draw(_ graphicsProtocol: GraphicsProtocol) throws -> (Bitmap, [UInt8]) {
        let scene = try Fixture.decoded("scene.png")
        let picture = PictureDrawing(graphicsProtocol: graphicsProtocol).draw(scene, in: CellBox(columns: 20, rows: 6))
        guard case .sequence(let bytes) = picture.output else { throw Unexpected() }
        return (scene, bytes)
    }

    private static func expectClose(_ decoded: Bitmap, to scene: Bitmap, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(decoded.width <= 200 && decoded.height <= 120, sourceLocation: sourceLocation)
        let psnr = decoded.peakSignalToNoise(against: scene.averaged(to: decoded.size))
        #expect(psnr > 25, "PSNR \(psnr) dB", sourceLocation: sourceLocation)
    }

    struct Unexpected: Error {}

    /// The program's standard output for `input`; the wait holds none of the runner's threads.
    private static func run(_ executable: String, _ arguments: [String], input: [UInt8]) async throws -> [UInt8] {
        try await offThePool {
            let process = ChildProcess()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
            let standardInput = Pipe(), output = Pipe()
            process.standardInput = standardInput
            process.standardOutput = output
            try process.run()
            let writer = Thread {
                try? standardInput.fileHandleForWriting.write(contentsOf: Data(input))
                try? standardInput.fileHandleForWriting.close()
            }
            writer.start()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { throw Unexpected() }
            return Array(data)
        }
    }
}
