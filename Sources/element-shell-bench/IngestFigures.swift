import ElementShellKit
import Foundation
import MatrixClient

/// What one `ingest` run measured, printed as one JSON line so scripts can compare runs.
struct IngestFigures {
    let bytes: Int
    let response: SyncResponse
    let decode: Duration
    let persist: Duration
    let wall: Duration
    let peakMegabytes: Double

    /// Every event the response carries: state, timelines and invites.
    var events: Int {
        let rooms = response.rooms
        return rooms.joined.values.reduce(0) { $0 + $1.state.count + $1.timeline.events.count }
            + rooms.invited.values.reduce(0) { $0 + $1.inviteState.count }
            + rooms.left.values.reduce(0) { $0 + $1.state.count + $1.timeline.events.count }
    }

    var jsonLine: String {
        let roomCount = response.rooms.joined.count + response.rooms.invited.count + response.rooms.left.count
        let fields: [(String, String)] = [
            ("client", "\"element-shell\""),
            ("bytes", String(bytes)),
            ("rooms", String(roomCount)),
            ("events", String(events)),
            ("decode_seconds", decode.seconds.formatted(3)),
            ("persist_seconds", persist.seconds.formatted(3)),
            ("wall_seconds", wall.seconds.formatted(3)),
            ("events_per_second", String(Int((Double(events) / wall.seconds).rounded()))),
            ("peak_rss_mb", peakMegabytes.formatted(1)),
        ]
        return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }
}
