import Foundation
import MatrixJSON

/// `POST /_matrix/client/v3/search`: messages containing a term, the newest first, in one room or
/// in every room of the account. Only the first page is read.
struct SearchResults: Sendable, JSONReadable {
    /// Each with its `roomID`; events that do not fit are left out.
    var events: [SyncEvent] = []
    /// How many the server found in all, more than `events` may hold.
    var count: Int?

    init(json: Data) throws(MatrixError) {
        self = try JSONReader.decode(json, as: Self.self) { reader throws(JSONError) in
            var results = SearchResults()
            try reader.readObject { reader, key throws(JSONError) in
                guard case "search_categories" = key else { return try reader.skipValue() }
                try reader.readSection { reader, key throws(JSONError) in
                    guard case "room_events" = key else { return try reader.skipValue() }
                    try reader.readSection { reader, key throws(JSONError) in
                        switch key {
                        case "count": results.count = try reader.readIntegerOrNull()
                        case "results": results.events = try Self.readResults(from: &reader)
                        default: try reader.skipValue()
                        }
                    }
                }
            }
            return results
        }
    }

    private init() {}

    /// `[{"rank": …, "result": EVENT}, …]`: the events, in the server's order.
    private static func readResults(from reader: inout JSONReader) throws(JSONError) -> [SyncEvent] {
        var events: [SyncEvent] = []
        guard try !reader.readNull() else { return events }
        try reader.readArray { reader throws(JSONError) in
            try reader.readSection { reader, key throws(JSONError) in
                guard case "result" = key else { return try reader.skipValue() }
                events.append(try SyncEvent.read(from: &reader))
            }
        }
        return events
    }
}

extension MatrixEndpoint where Response == SearchResults {
    static func search(_ term: String, roomID: String?, limit: Int) -> Self {
        var filter: [String: JSONValue] = ["limit": .integer(Int64(limit))]
        if let roomID { filter["rooms"] = [.string(roomID)] }
        let body: JSONValue = ["search_categories": ["room_events": [
            "search_term": .string(term), "order_by": "recent", "keys": ["content.body"], "filter": .object(filter),
        ]]]
        return MatrixEndpoint(method: .post, path: ["_matrix", "client", "v3", "search"], body: body, isAuthenticated: true)
    }
}
