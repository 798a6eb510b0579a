/// The parts of a sync response that only encryption reads: to-device messages (room keys over
/// Olm), whose devices changed, and how many one-time keys the server still holds for us.
public struct EncryptionUpdates: Sendable, Equatable {
    public var toDeviceEvents: [SyncEvent]
    /// Users whose devices changed (`device_lists.changed`): their keys must be fetched again.
    public var changedUsers: [String]
    /// Users we share no encrypted room with any more (`device_lists.left`): no longer followed.
    public var leftUsers: [String]
    /// One-time keys left on the server by algorithm; `nil` when the response leaves it out.
    public var oneTimeKeyCounts: [String: Int]?
    /// Algorithms whose fallback key is still unused; `nil` when the response leaves it out.
    public var unusedFallbackKeyTypes: [String]?

    public init(toDeviceEvents: [SyncEvent] = [], changedUsers: [String] = [], leftUsers: [String] = [],
                oneTimeKeyCounts: [String: Int]? = nil, unusedFallbackKeyTypes: [String]? = nil) {
        self.toDeviceEvents = toDeviceEvents
        self.changedUsers = changedUsers
        self.leftUsers = leftUsers
        self.oneTimeKeyCounts = oneTimeKeyCounts
        self.unusedFallbackKeyTypes = unusedFallbackKeyTypes
    }

    /// Reads the top-level member `key` of a sync response if it is one of these parts, and
    /// skips it otherwise.
    mutating func read(_ key: JSONKey, from reader: inout JSONReader) throws(JSONError) {
        switch key {
        case "to_device": toDeviceEvents = try reader.readEventBatch()
        case "device_lists":
            try reader.readSection { reader, key throws(JSONError) in
                switch key {
                case "changed": changedUsers = try reader.readStrings()
                case "left": leftUsers = try reader.readStrings()
                default: try reader.skipValue()
                }
            }
        case "device_one_time_keys_count":
            guard try !reader.readNull() else { return }
            var counts: [String: Int] = [:]
            try reader.readObject { reader, key throws(JSONError) in
                counts[try key.string()] = try reader.readIntegerOrNull() ?? 0
            }
            oneTimeKeyCounts = counts
        case "device_unused_fallback_key_types":
            guard try !reader.readNull() else { return }
            unusedFallbackKeyTypes = try reader.readStrings()
        default:
            try reader.skipValue()
        }
    }
}

extension JSONReader {
    /// An array of strings; `null` is none.
    mutating func readStrings() throws(JSONError) -> [String] {
        var strings: [String] = []
        guard try !readNull() else { return strings }
        try readArray { reader throws(JSONError) in strings.append(try reader.readString()) }
        return strings
    }
}
