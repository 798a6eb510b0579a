import ArgumentParser
import Foundation
import TerminalGraphics

/// `pictures`: a picture file's bytes to terminal output, as an inline image is made: decoded at
/// the size the box needs, then drawn, for each protocol; prints the median and the fastest of
/// several runs as one JSON line a protocol.
struct Pictures: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Times decoding and drawing a picture for each terminal protocol; prints JSON lines.")

    @Argument(help: "A PNG, JPEG, GIF or WebP file.")
    var file: String

    @Option(help: "Runs per protocol.")
    var runs = 51

    @Option(help: "The box in cells, COLUMNSxROWS.")
    var box = "40x12"

    func run() throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: file)))
        guard let box = CellBox(parsing: box), runs > 0 else { throw ValidationError("runs must be positive and the box COLUMNSxROWS") }
        let clock = ContinuousClock()
        for graphicsProtocol in GraphicsProtocol.allCases {
            let drawing = PictureDrawing(graphicsProtocol: graphicsProtocol)
            var times: [Duration] = []
            var outputBytes = 0
            for _ in 0..<runs {
                var picture: TerminalPicture?
                times.append(try clock.measure {
                    picture = drawing.draw(try ImageDecoder().decode(bytes, filling: drawing.pixels(for: box)), in: box)
                })
                outputBytes = switch picture?.output {
                case .lines(let lines): lines.reduce(0) { $0 + $1.utf8.count + 1 }
                case .sequence(let sequence): sequence.count
                case nil: 0
                }
            }
            times.sort()
            let fields: [(String, String)] = [
                ("protocol", "\"\(graphicsProtocol.rawValue)\""),
                ("runs", String(runs)),
                ("median_ms", (times[runs / 2].seconds * 1000).formatted(2)),
                ("fastest_ms", (times[0].seconds * 1000).formatted(2)),
                ("output_bytes", String(outputBytes)),
            ]
            print("{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}")
        }
    }
}
