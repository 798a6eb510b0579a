import Foundation
import MatrixJSON

/// A room's `m.room.encryption` settings: the algorithm and when the sending session is replaced.
public struct RoomEncryption: Sendable, Equatable, Codable {
    public static let eventType = "m.room.encryption"
    /// The spec's defaults when the event leaves the periods out: a week, or 100 messages.
    public static let defaultRotationPeriodMilliseconds: Int64 = 604_800_000
    public static let defaultRotationPeriodMessages = 100

    public var algorithm: String
    public var rotationPeriodMilliseconds: Int64
    public var rotationPeriodMessages: Int

    public init(algorithm: String = CryptoAlgorithm.megolm, rotationPeriodMilliseconds: Int64 = Self.defaultRotationPeriodMilliseconds,
                rotationPeriodMessages: Int = Self.defaultRotationPeriodMessages) {
        self.algorithm = algorithm
        self.rotationPeriodMilliseconds = rotationPeriodMilliseconds
        self.rotationPeriodMessages = rotationPeriodMessages
    }

    /// From an `m.room.encryption` content; `nil` without an algorithm. Periods that are not
    /// positive numbers fall back to the defaults, so a hostile event cannot stop rotation.
    init?(content: JSONValue) {
        guard let algorithm = content["algorithm"]?.string else { return nil }
        let milliseconds = content["rotation_period_ms"]?.double.flatMap { $0 >= 1 && $0 < 1e15 ? Int64($0) : nil }
        let messages = content["rotation_period_msgs"]?.double.flatMap { $0 >= 1 && $0 < 1e9 ? Int($0) : nil }
        self.init(algorithm: algorithm, rotationPeriodMilliseconds: milliseconds ?? Self.defaultRotationPeriodMilliseconds,
                  rotationPeriodMessages: messages ?? Self.defaultRotationPeriodMessages)
    }

    /// Whether this client can encrypt for the room (it refuses to send otherwise, never in the clear).
    public var isSupported: Bool { algorithm == CryptoAlgorithm.megolm }

    enum CodingKeys: String, CodingKey {
        case algorithm, rotationPeriodMilliseconds = "rotation_period_ms", rotationPeriodMessages = "rotation_period_msgs"
    }

    var storedText: String {
        String(decoding: (try? JSONEncoder().encode(self)) ?? Data(), as: UTF8.self)
    }

    init?(storedText: String) {
        guard let value = try? JSONDecoder().decode(Self.self, from: Data(storedText.utf8)) else { return nil }
        self = value
    }
}
