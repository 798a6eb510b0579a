import Foundation
import Testing
@testable import TerminalGraphics

/// libchafa's drawings of `Fixtures/scene.png` (160 × 120): half blocks against reviewed text,
/// kitty graphics decoded back from their payload. `DrawingDecodedBackTests` decodes sixel and
/// iTerm2 images with other programs.
@Suite struct PictureDrawingTests {
    static let box = CellBox(columns: 20, rows: 6)

    /// Two pixels a cell, each line ending in a reset, as `Golden/scene-blocks-*.txt` shows them.
    /// To accept a deliberate change, run with `ELEMENT_SHELL_RECORD_GOLDEN=1` and review the diff.
    @Test(arguments: [ColorDepth.trueColor, .indexed256])
    func drawsHalfBlocksAsReviewed(depth: ColorDepth) throws {
        let picture = PictureDrawing(graphicsProtocol: .blocks, colorDepth: depth).draw(try Fixture.decoded("scene.png"), in: Self.box)
        guard case .lines(let lines) = picture.output else { Issue.record("half blocks are lines"); return }
        #expect(picture.cells == CellBox(columns: 16, rows: 6) && lines.count == 6)
        #expect(lines.allSatisfy { $0.hasSuffix("\u{1B}[0m") })
        let golden = Fixture.directory.appending(path: "Golden/scene-blocks-\(depth.rawValue).txt")
        let text = lines.joined(separator: "\n") + "\n"
        if ProcessInfo.processInfo.environment["ELEMENT_SHELL_RECORD_GOLDEN"] == "1" {
            try text.write(to: golden, atomically: true, encoding: .utf8)
        }
        #expect(text == (try String(contentsOf: golden, encoding: .utf8)), "record with ELEMENT_SHELL_RECORD_GOLDEN=1 and review")
    }

    /// The kitty sequences carry the picture itself as RGBA at the box's pixel size; decoded from
    /// their payload it is the scene, shrunk.
    @Test func kittyGraphicsCarryThePicture() throws {
        let scene = try Fixture.decoded("scene.png")
        let picture = PictureDrawing(graphicsProtocol: .kitty, cellSize: PixelSize(width: 8, height: 16)).draw(scene, in: Self.box)
        guard case .sequence(let bytes) = picture.output else { Issue.record("kitty draws one sequence"); return }
        let (keys, payload) = try KittyGraphics.parse(bytes)
        #expect(keys["a"] == "T" && keys["f"] == "32")
        #expect(keys["c"] == "\(picture.cells.columns)" && keys["r"] == "\(picture.cells.rows)")
        let size = PixelSize(width: try #require(keys["s"].flatMap(Int.init)), height: try #require(keys["v"].flatMap(Int.init)))
        #expect(size.width <= picture.cells.columns * 8 && size.height <= picture.cells.rows * 16)
        let decoded = Bitmap(width: size.width, height: size.height, rgba: payload)
        let psnr = decoded.peakSignalToNoise(against: scene.averaged(to: size))
        #expect(psnr > 30, "PSNR \(psnr) dB")
    }

    /// Inside tmux every sequence passes through; outside, none is wrapped.
    @Test func wrapsForTmuxOnlyInsideIt() throws {
        let scene = try Fixture.decoded("scene.png")
        for graphicsProtocol in [GraphicsProtocol.kitty, .iterm, .sixel] {
            let outside = PictureDrawing(graphicsProtocol: graphicsProtocol).draw(scene, in: Self.box)
            let inside = PictureDrawing(graphicsProtocol: graphicsProtocol, throughTmux: true).draw(scene, in: Self.box)
            guard case .sequence(let plain) = outside.output, case .sequence(let wrapped) = inside.output else {
                Issue.record("\(graphicsProtocol) draws sequences"); continue
            }
            #expect(wrapped == TmuxPassthrough.wrap(plain))
            #expect(!String(decoding: plain, as: UTF8.self).contains("tmux;"))
        }
    }

    /// The box bounds the picture both ways, proportions kept by the cell's shape.
    @Test func fitsTheBox() throws {
        let scene = try Fixture.decoded("scene.png")
        let drawing = PictureDrawing(graphicsProtocol: .sixel, cellSize: PixelSize(width: 10, height: 20))
        #expect(drawing.draw(scene, in: CellBox(columns: 40, rows: 12)).cells == CellBox(columns: 32, rows: 12))
        #expect(drawing.draw(scene, in: CellBox(columns: 8, rows: 12)).cells == CellBox(columns: 8, rows: 3))
        #expect(drawing.pixels(for: CellBox(columns: 40, rows: 12)) == PixelSize(width: 400, height: 240))
    }
}

/// The kitty graphics protocol's APC sequences: the first one's keys, and every chunk's payload
/// decoded (each chunk is base64 of its own) and joined.
enum KittyGraphics {
    struct Malformed: Error {}

    static func parse(_ bytes: [UInt8]) throws -> (keys: [String: String], payload: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        var keys: [String: String] = [:]
        var payload: [UInt8] = []
        for sequence in text.components(separatedBy: "\u{1B}\\") where !sequence.isEmpty {
            guard sequence.hasPrefix("\u{1B}_G") else { throw Malformed() }
            let body = sequence.dropFirst(3)
            let control = body.prefix { $0 != ";" }
            if keys.isEmpty {
                for pair in control.split(separator: ",") {
                    let parts = pair.split(separator: "=", maxSplits: 1)
                    if parts.count == 2 { keys[String(parts[0])] = String(parts[1]) }
                }
            }
            let chunk = body.dropFirst(control.count + 1)
            guard let data = Data(base64Encoded: String(chunk)) else { throw Malformed() }
            payload += data
        }
        return (keys, payload)
    }
}
