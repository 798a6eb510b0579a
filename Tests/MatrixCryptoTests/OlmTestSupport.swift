import Foundation
@testable import MatrixCrypto
import TestSupport

extension Data {
    /// Random bytes of random length across several AES blocks, not only UTF-8.
    static func randomPlaintext(using generator: inout SeededGenerator) -> Data {
        Data((0..<Int.random(in: 0...70, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }
}

/// A message on its way, with what it should decrypt to.
struct InFlightOlmMessage {
    let plaintext: Data
    let message: OlmMessage
}

extension OlmMessage {
    /// As the oracle writes messages.
    init(oracle object: Any?) throws {
        guard let object = object as? [String: Any], let type = object["type"] as? Int, let body = object["body"] as? String else {
            throw PythonOracle.Failure(description: "not an Olm message: \(String(describing: object))")
        }
        try self.init(type: type, base64Body: body)
    }

    var oracleObject: [String: Any] { ["type": type, "body": base64Body] }

    /// The chain a message was sent on and its place in it, to reason about skipped keys.
    var ratchetKeyAndIndex: (Curve25519PublicKey, UInt64) {
        let normal = switch self {
        case .preKey(let bytes): try! OlmPreKeyMessage(bytes: bytes).message
        case .normal(let bytes): try! OlmNormalMessage(bytes: bytes)
        }
        return (normal.ratchetKey, normal.chainIndex)
    }
}

/// One Olm session between MatrixCrypto (`ours`) and vodozemac (`theirs`, a pickle), and the
/// messages in flight each way. Every vodozemac step is one oracle call for a whole batch.
struct OlmInterop {
    var ours: OlmSession
    var theirs: String
    var toThem: [InFlightOlmMessage] = []
    var toUs: [InFlightOlmMessage] = []

    mutating func weSend(_ plaintexts: [Data]) {
        toThem += plaintexts.map { InFlightOlmMessage(plaintext: $0, message: ours.encrypt($0)) }
    }

    mutating func theySend(_ plaintexts: [Data]) async throws {
        let answer = try await VodozemacOracle.call([
            "command": "olm_encrypt", "session": theirs, "plaintexts": plaintexts.map { $0.base64EncodedString() },
        ])
        theirs = try Self.string(answer["session"])
        let messages = try (answer["messages"] as? [Any] ?? []).map(OlmMessage.init(oracle:))
        toUs += zip(plaintexts, messages).map { InFlightOlmMessage(plaintext: $0, message: $1) }
    }

    /// Decrypts `messages` on our side in the order given; nil where decryption failed.
    mutating func weReceive(_ messages: [InFlightOlmMessage]) -> [Data?] {
        messages.map { try? ours.decrypt($0.message) }
    }

    /// Decrypts `messages` on their side in the order given, in one call; nil where it failed.
    mutating func theyReceive(_ messages: [InFlightOlmMessage]) async throws -> [Data?] {
        let answer = try await VodozemacOracle.call([
            "command": "olm_decrypt", "session": theirs, "messages": messages.map(\.message.oracleObject),
        ])
        theirs = try Self.string(answer["session"])
        let results = answer["results"] as? [[String: Any]] ?? []
        return results.map { ($0["plaintext"] as? String).flatMap { Data(base64Encoded: $0) } }
    }

    static func string(_ value: Any?) throws -> String {
        guard let value = value as? String else { throw PythonOracle.Failure(description: "expected a string") }
        return value
    }
}
