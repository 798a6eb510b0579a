import ArgumentParser
import Foundation
import MatrixCrypto

/// `megolm`: encrypts messages with one outbound Megolm session and decrypts them in order with
/// the inbound session made from its key, as a room's traffic goes; prints the best of several
/// runs as one JSON line (Benchmarks/megolm_vodozemac.py prints the same for vodozemac).
struct Megolm: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Times Megolm encryption and decryption of many messages; prints the figures as JSON.")

    @Option(help: "Messages per run.")
    var messages = 10_000

    @Option(help: "Runs; the fastest of each phase is printed.")
    var runs = 5

    @Option(help: "Plaintext size in bytes: an m.room.message event padded to it.")
    var bytes = 256

    @Option(help: "Sessions the messages are spread over, each encrypting and decrypting its share in a row.")
    var sessions = 1

    func validate() throws {
        guard messages > 0, runs > 0, sessions > 0, sessions <= messages, bytes >= MegolmPlaintext.minimumByteCount else {
            throw ValidationError("messages, runs and sessions must be positive, sessions at most messages, bytes at least \(MegolmPlaintext.minimumByteCount)")
        }
    }

    func run() throws {
        let plaintext = MegolmPlaintext.event(byteCount: bytes)
        var best = (encrypt: Duration.seconds(Int.max), decrypt: Duration.seconds(Int.max))
        for _ in 0..<runs {
            let run = try measureRun(plaintext)
            best = (min(best.encrypt, run.encrypt), min(best.decrypt, run.decrypt))
        }
        let fields: [(String, String)] = [
            ("client", "\"element-shell\""),
            ("messages", String(messages)),
            ("sessions", String(sessions)),
            ("plaintext_bytes", String(plaintext.count)),
            ("runs", String(runs)),
            ("encrypt_seconds", best.encrypt.seconds.formatted(3)),
            ("encrypt_per_second", String(Int((Double(messages) / best.encrypt.seconds).rounded()))),
            ("decrypt_seconds", best.decrypt.seconds.formatted(3)),
            ("decrypt_per_second", String(Int((Double(messages) / best.decrypt.seconds).rounded()))),
        ]
        print("{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}")
    }

    /// Fresh session pairs, each with its share of the messages; creating them is not timed.
    private func measureRun(_ plaintext: Data) throws -> (encrypt: Duration, decrypt: Duration) {
        let clock = ContinuousClock()
        var outbounds = (0..<sessions).map { _ in OutboundGroupSession() }
        let inbounds = try outbounds.map { try InboundGroupSession(sessionKey: $0.sessionKey) }
        var ciphertexts: [[String]] = Array(repeating: [], count: sessions)
        let encrypt = try clock.measure {
            for message in 0..<messages {
                let session = message * sessions / messages
                ciphertexts[session].append(try outbounds[session].encrypt(plaintext))
            }
        }
        let decrypt = try clock.measure {
            for (inbound, sessionCiphertexts) in zip(inbounds, ciphertexts) {
                for ciphertext in sessionCiphertexts {
                    guard try inbound.decrypt(ciphertext).plaintext == plaintext else {
                        throw ValidationError("a message did not decrypt to its plaintext")
                    }
                }
            }
        }
        return (encrypt, decrypt)
    }
}

/// What a client encrypts for a text message: the event's type, content and room, as JSON.
enum MegolmPlaintext {
    private static let prefix = #"{"type":"m.room.message","room_id":"!benchmark:example.org","content":{"msgtype":"m.text","body":""#
    private static let suffix = #""}}"#
    static let minimumByteCount = prefix.utf8.count + suffix.utf8.count

    static func event(byteCount: Int) -> Data {
        let body = String(repeating: "lorem ipsum ", count: byteCount / 12 + 1).prefix(byteCount - minimumByteCount)
        return Data((prefix + body + suffix).utf8)
    }
}
