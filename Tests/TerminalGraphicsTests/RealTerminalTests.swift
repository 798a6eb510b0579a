import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
import TestSupport
@testable import TerminalGraphics

/// A sixel drawing shown by a real terminal: xterm as a VT340 under Xvfb, its screen taken with
/// xwd. Where the scene's yellow disc and blue box were drawn, the screenshot has them, the disc
/// up and left of the box. Scripts/test installs the three programs.
@Suite(.enabled(if: X11Programs.exist, "needs Xvfb, xterm and xwd (Scripts/test installs them)"))
struct RealTerminalTests {
    @Test func xtermDrawsTheSixelPicture() async throws {
        let scene = try Fixture.decoded("scene.png")
        let picture = PictureDrawing(graphicsProtocol: .sixel, cellSize: PixelSize(width: 6, height: 13)).draw(scene, in: CellBox(columns: 40, rows: 12))
        guard case .sequence(let sixel) = picture.output else { Issue.record("sixel is a sequence"); return }
        let directory = FileManager.default.temporaryDirectory.appending(path: "es-xterm-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let drawing = directory.appending(path: "scene.sixel")
        try Data(sixel).write(to: drawing)

        let confirmation = directory.appending(path: "drawn").path
        guard mkfifo(confirmation, 0o600) == 0 else { throw POSIXError(.EIO) }

        let display = try await XvfbDisplay.start()
        defer { display.stop() }
        let terminal = ChildProcess()
        terminal.executableURL = URL(fileURLWithPath: "/usr/bin/xterm")
        terminal.arguments = ["-ti", "vt340", "-geometry", "80x24+0+0", "-bg", "white", "-fg", "black",
                              "-e", "python3", Fixture.directory.appending(path: "Fixtures/draw_then_confirm.py").path, drawing.path, confirmation]
        terminal.environment = ["DISPLAY": display.name, "PATH": "/usr/bin:/bin"]
        try terminal.run()
        defer {
            terminal.terminate()
            terminal.waitUntilExit()
        }

        // The script inside says when xterm has drawn the picture (draw_then_confirm.py says how).
        let reader = open(confirmation, O_RDONLY | O_NONBLOCK)
        defer { close(reader) }
        #expect(try await PipeLine.read(from: reader) == "drawn")
        let screen = try await Screenshot.take(display: display.name)
        let found = screen.centroid(near: (250, 240, 40)).flatMap { disc in screen.centroid(near: (20, 30, 200)).map { (disc, $0) } }
        let (disc, box) = try #require(found, "the picture is not on xterm's screen")
        #expect(disc.x < box.x && disc.y < box.y, "disc at \(disc), box at \(box)")
        #expect(disc.count > 200 && box.count > 200, "too few pixels: \(disc.count), \(box.count)")
    }
}

enum X11Programs {
    static var exist: Bool {
        ["/usr/bin/Xvfb", "/usr/bin/xterm", "/usr/bin/xwd"].allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

/// The first line another process writes to a pipe or FIFO, waited for off the runner's threads.
/// The deadline is only for a process that died without writing: then the test fails, not hangs.
enum PipeLine {
    struct Missing: Error {}

    static func read(from descriptor: Int32) async throws -> String {
        try await offThePool {
            var line: [UInt8] = []
            var byte: UInt8 = 0
            while line.last != UInt8(ascii: "\n") {
                var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                guard poll(&waiting, 1, 60_000) > 0 else { throw Missing() }
                let count = Glibc.read(descriptor, &byte, 1)
                if count == 1 { line.append(byte) } else if count == 0 || errno != EAGAIN { throw Missing() }
            }
            return String(decoding: line.dropLast(), as: UTF8.self)
        }
    }
}

struct Centroid: CustomStringConvertible {
    let x: Double
    let y: Double
    let count: Int
    var description: String { "(\(Int(x)), \(Int(y))) of \(count)" }
}

/// An X server of its own, on a display number it picks; ready once it has said which.
struct XvfbDisplay {
    let name: String
    let process: ChildProcess

    static func start() async throws -> XvfbDisplay {
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
        process.arguments = ["-displayfd", "1", "-nolisten", "tcp", "-screen", "0", "800x600x24"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let number = try await PipeLine.read(from: output.fileHandleForReading.fileDescriptor)
        return XvfbDisplay(name: ":\(number)", process: process)
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
    }
}

/// The root window in xwd's format: a big-endian header, the colour map, then the pixels, here
/// 32 bits each in the server's byte order with red, green and blue at the header's masks.
struct Screenshot {
    let width: Int
    let height: Int
    let pixels: [UInt8]
    let bytesPerLine: Int
    let littleEndian: Bool

    struct Unreadable: Error {}

    static func take(display: String) async throws -> Screenshot {
        let data = try await offThePool {
            let process = ChildProcess()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/xwd")
            process.arguments = ["-root", "-silent"]
            process.environment = ["DISPLAY": display]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return Array(data)
        }
        return try Screenshot(xwd: data)
    }

    init(xwd bytes: [UInt8]) throws {
        func field(_ index: Int) -> Int {
            bytes[index * 4..<index * 4 + 4].reduce(0) { $0 << 8 | Int($1) }
        }
        guard bytes.count >= 100 else { throw Unreadable() }
        let headerSize = field(0), bitsPerPixel = field(11), colourCount = field(19)
        width = field(4)
        height = field(5)
        littleEndian = field(7) == 0
        bytesPerLine = field(12)
        guard bitsPerPixel == 32, field(14) == 0xFF0000, field(15) == 0xFF00, field(16) == 0xFF else { throw Unreadable() }
        let start = headerSize + colourCount * 12
        guard bytes.count >= start + bytesPerLine * height else { throw Unreadable() }
        pixels = Array(bytes[start...])
    }

    /// The middle of the pixels within 40 of `target` (red, green, blue) in each colour, if more
    /// than 50 are.
    func centroid(near target: (red: Int, green: Int, blue: Int)) -> Centroid? {
        // Red, green and blue's bytes in a pixel: xwd keeps the server's byte order.
        let (red, green, blue) = littleEndian ? (2, 1, 0) : (1, 2, 3)
        var sumX = 0, sumY = 0, count = 0
        pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<height {
                for x in 0..<width {
                    let offset = y * bytesPerLine + x * 4
                    guard abs(Int(pixels[offset + red]) - target.red) <= 40, abs(Int(pixels[offset + green]) - target.green) <= 40,
                          abs(Int(pixels[offset + blue]) - target.blue) <= 40 else { continue }
                    sumX += x
                    sumY += y
                    count += 1
                }
            }
        }
        return count > 50 ? Centroid(x: Double(sumX) / Double(count), y: Double(sumY) / Double(count), count: count) : nil
    }
}
