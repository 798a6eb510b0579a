/// Lenient reading for sync responses: Synapse leaves out empty sections, and one malformed
/// event must not make the whole batch (and so every later sync) undecodable.
extension KeyedDecodingContainer {
    func decodeOrEmpty<Value: Decodable & Emptiable>(_ type: Value.Type, forKey key: Key) throws -> Value {
        try decodeIfPresent(type, forKey: key) ?? .empty
    }

    /// The events of the `{"events": [...]}` object under `key`, skipping events that do not
    /// fit `SyncEvent`.
    func decodeEventBatch(forKey key: Key) throws -> [SyncEvent] {
        guard contains(key), try !decodeNil(forKey: key) else { return [] }
        return try nestedContainer(keyedBy: EventBatchKeys.self, forKey: key).decodeEvents(forKey: .events)
    }

    /// The `events` array under `key`, skipping events that do not fit `SyncEvent`.
    func decodeEvents(forKey key: Key) throws -> [SyncEvent] {
        try decodeIfPresent([Lenient<SyncEvent>].self, forKey: key)?.compactMap(\.value) ?? []
    }
}

enum EventBatchKeys: String, CodingKey {
    case events
}

/// A section with a natural empty value, used when the server leaves it out.
protocol Emptiable {
    static var empty: Self { get }
}

extension Dictionary: Emptiable {
    static var empty: Self { [:] }
}

/// An element decoded on its own, `nil` when it does not fit.
struct Lenient<Value: Decodable>: Decodable {
    var value: Value?

    init(from decoder: any Decoder) throws {
        value = try? Value(from: decoder)
    }
}
