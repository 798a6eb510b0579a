import ArgumentParser
import Foundation
import SyntheticSync

/// `generate`: writes a synthetic `/sync` response (see `SyntheticSync`) to a file.
struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Writes a synthetic /sync response shaped like Synapse's.")

    @Option(help: "Joined rooms.")
    var rooms = 1_000

    @Option(help: "Timeline events (text messages) per room.")
    var events = 50

    @Option(help: "Members per room, the account itself included.")
    var members = 20

    @Option(help: "Seed: the same seed and sizes give the same file.")
    var seed: UInt64 = 1

    @Option(help: "Where to write the response.")
    var output: String

    func validate() throws {
        guard rooms >= 0, events >= 0, members >= 1 else {
            throw ValidationError("rooms and events must not be negative, and a room has at least one member")
        }
    }

    func run() throws {
        let json = SyntheticSync(rooms: rooms, events: events, members: members, seed: seed).json()
        try Data(json.utf8).write(to: URL(fileURLWithPath: output))
    }
}
