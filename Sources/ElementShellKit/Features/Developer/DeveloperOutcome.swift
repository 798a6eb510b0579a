import MatrixClient
import MatrixJSON

/// What the developer-mode commands produced.
public enum DeveloperOutcome: Sendable, Equatable {
    case eventSource(EventSource)
    case labs([LabSwitch])
    /// `/report-problem`: where the archive is, and its size in bytes.
    case problemReported(path: String, size: Int)
}

/// `/view-source`: an event as the server sent it and, for an encrypted one, what decryption
/// made of it.
public struct EventSource: Sendable, Equatable {
    public enum Decryption: Sendable, Equatable {
        /// The clear event: its `type` and `content`, as Element's "decrypted event source".
        case decrypted(JSONValue)
        case failed(DecryptionFailure)
    }

    public var eventID: String
    public var event: JSONValue
    /// `nil` for an event sent in the clear.
    public var decryption: Decryption?

    public init(eventID: String, event: JSONValue, decryption: Decryption?) {
        self.eventID = eventID
        self.event = event
        self.decryption = decryption
    }
}

/// An experimental switch as `/labs` lists it: its `/set` name, value in this run, and the
/// values it takes.
public struct LabSwitch: Sendable, Equatable {
    public enum Name: Sendable, Equatable {
        case sync
        case developer(DeveloperOptions.Flag)
    }

    public var name: Name
    public var value: String

    public var settingName: String {
        switch name {
        case .sync: Settings.Key.sync.rawValue
        case .developer(let flag): flag.settingName
        }
    }

    public var accepted: [String] {
        switch name {
        case .sync: SyncMode.allCases.map(\.rawValue)
        case .developer: ["on", "off"]
        }
    }

    /// `/set NAME a|b`: the line that changes it.
    public var setLine: String { "/set \(settingName) " + accepted.joined(separator: "|") }

    /// Every switch, as `profile` has it now.
    static func all(in profile: Profile) -> [LabSwitch] {
        [LabSwitch(name: .sync, value: profile.settings.sync.rawValue)]
            + DeveloperOptions.Flag.allCases.map { LabSwitch(name: .developer($0), value: profile.developer[$0] ? "on" : "off") }
    }
}
