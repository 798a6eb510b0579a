import Foundation
import MatrixClient
import MatrixJSON

/// What `/report-problem` writes: a tar of `report.json` (this run's facts and the store's health)
/// and the log's last lines. It holds names, versions, settings, states and counts; never a
/// password, token, key or message body.
struct ProblemReport: Sendable {
    /// What the app knows on the main actor when the command runs.
    struct Facts: Sendable {
        var createdAt: Date
        var profileName: String
        var developer: DeveloperOptions
        var settings: Settings
        /// The sync the session uses; `nil` before one was chosen.
        var syncMethod: SyncMethod?
        var syncStatus: SyncStatus
        /// The session's IDs and homeserver (or the signed-out one's); `nil` without one.
        var account: SessionSummary?
    }

    /// The lines of the log a report keeps.
    static let logLineCount = 200

    var facts: Facts
    var operatingSystem: String
    /// `nil` without a session's store; `.failure` when it could not be read.
    var store: Result<StoreHealth, StoreUnreadable>?
    var log: LogTail

    struct StoreUnreadable: Error, Sendable {}

    /// `problem-report-20260101T093000Z`: the archive's name without `.tar`, and its folder inside.
    var baseName: String { "problem-report-" + Self.timestamp(facts.createdAt) }

    var archive: Data {
        TarArchive.data(of: [
            TarArchive.Entry(name: baseName + "/report.json", data: Data((json.pretty + "\n").utf8), modified: facts.createdAt),
            TarArchive.Entry(name: baseName + "/" + FileLogHandler.fileName, data: Data(log.lines.map { $0 + "\n" }.joined().utf8),
                             modified: facts.createdAt),
        ])
    }

    var json: JSONValue {
        let settings = Settings.Key.allCases.map { ($0.rawValue, facts.settings.value(of: $0).json) }
        let flags = DeveloperOptions.Flag.allCases.map { ($0.rawValue, JSONValue.bool(facts.developer[$0])) }
        return [
            "created_at": .string(facts.createdAt.ISO8601Format()),
            "app": ["version": .string(BuildInfo.version), "build": .string(BuildInfo.configuration)],
            "os": .string(operatingSystem),
            "profile": [
                "name": .string(facts.profileName),
                "developer": .object(Dictionary(uniqueKeysWithValues: flags)),
                "settings": .object(Dictionary(uniqueKeysWithValues: settings)),
            ],
            "session": facts.account.map { account in
                ["user_id": .string(account.userID), "device_id": account.deviceID.json, "homeserver": .string(account.homeserverURL.absoluteString)]
            } ?? .null,
            "sync": ["mode": .string(facts.settings.sync.rawValue), "method": facts.syncMethod.map { .string($0.rawValue) } ?? .null,
                     "status": .string(Self.name(of: facts.syncStatus))],
            "store": storeJSON,
            "log": ["file": .string(FileLogHandler.fileName), "lines": .integer(Int64(log.lines.count)),
                    "lines_left_out": .integer(Int64(log.droppedCount))],
        ]
    }

    private var storeJSON: JSONValue {
        switch store {
        case nil: .null
        case .failure: ["error": "unreadable"]
        case .success(let health):
            ["integrity_check": .string(health.integrityCheck.joined(separator: "\n")),
             "row_counts": .object(health.rowCounts.mapValues { .integer(Int64($0)) })]
        }
    }

    private static func name(of status: SyncStatus) -> String {
        switch status {
        case .stopped: "stopped"
        case .catchingUp: "catching_up"
        case .live: "live"
        case .offline: "offline"
        case .failing: "failing"
        }
    }

    /// ISO 8601's basic form in UTC, which sorts by time and has no `:` for file names.
    static func timestamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(format: "%04d%02d%02dT%02d%02d%02dZ", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0,
                      parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
    }
}
