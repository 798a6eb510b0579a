import Foundation
import MatrixClient
import TerminalGraphics

/// One setting's value, checked but not yet applied: the config file reads these once and layers them
/// over each profile, so an invalid value is reported once however many profiles there are.
enum SettingValue: Sendable, Equatable {
    case language(String?)
    case color(ColorMode)
    case historySize(Int)
    case requestTimeout(Int)
    case loginTimeout(Int)
    case caFile(String?)
    case logLevel(LogLevel)
    case timelineSize(Int)
    case markdown(Bool)
    case privateReceipts(Bool)
    case sendTyping(Bool)
    case notify(NotifyMode)
    case notifyBodies(Bool)
    case excludeInsecureDevices(Bool)
    case shareHistoryOnInvite(Bool)
    case sync(SyncMode)
    case images(ImagesMode)
    case imageSize(CellBox)
    case hyperlinks(HyperlinksMode)
    case linkPreviews(LinkPreviewsMode)
    case screenReader(Bool)
    case messageTimes(Bool)

    static let historySizes = 0...1_000_000
    static let requestTimeouts = 1...600
    /// Long enough to sign up with an identity provider on the way; an hour at most.
    static let loginTimeouts = 1...3600
    /// Enough for `/open` to show a screenful; the upper end keeps memory in reason.
    static let timelineSizes = 50...100_000
    /// A picture under its message: from a thumbnail's worth to a wide window's.
    static let imageColumns = 4...400
    static let imageRows = 2...200

    /// nil when `text` (without surrounding whitespace) is not something `key.expectedValue` allows.
    init?(key: Settings.Key, text: String) {
        let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if key.isOptional, text.isEmpty || text.lowercased() == "none" {
            self = key == .language ? .language(nil) : .caFile(nil)
            return
        }
        switch key {
        case .language:
            guard Self.isLanguageCode(text) else { return nil }
            self = .language(text)
        case .color:
            guard let mode = ColorMode(rawValue: text.lowercased()) else { return nil }
            self = .color(mode)
        case .historySize:
            guard let size = Int(text), Self.historySizes.contains(size) else { return nil }
            self = .historySize(size)
        case .requestTimeout:
            guard let seconds = Int(text), Self.requestTimeouts.contains(seconds) else { return nil }
            self = .requestTimeout(seconds)
        case .loginTimeout:
            guard let seconds = Int(text), Self.loginTimeouts.contains(seconds) else { return nil }
            self = .loginTimeout(seconds)
        case .caFile:
            self = .caFile(text)
        case .logLevel:
            guard let level = LogLevel(rawValue: text.lowercased()) else { return nil }
            self = .logLevel(level)
        case .timelineSize:
            guard let size = Int(text), Self.timelineSizes.contains(size) else { return nil }
            self = .timelineSize(size)
        case .markdown:
            guard let isOn = Self.switchState(text) else { return nil }
            self = .markdown(isOn)
        case .privateReceipts:
            guard let isOn = Self.switchState(text) else { return nil }
            self = .privateReceipts(isOn)
        case .sendTyping:
            guard let isOn = Self.switchState(text) else { return nil }
            self = .sendTyping(isOn)
        case .notify:
            guard let mode = NotifyMode(rawValue: text.lowercased()) else { return nil }
            self = .notify(mode)
        case .notifyBodies:
            guard let isOn = Self.switchState(text) else { return nil }
            self = .notifyBodies(isOn)
        case .excludeInsecureDevices:
            guard let isOn = Self.switchState(text) else { return nil }
            self = .excludeInsecureDevices(isOn)
        case .shareHistoryOnInvite:
            guard let isOn = Self.switchState(text) else { return nil }
            self = .shareHistoryOnInvite(isOn)
        case .sync:
            guard let mode = SyncMode(rawValue: text.lowercased()) else { return nil }
            self = .sync(mode)
        case .images:
            guard let mode = ImagesMode(rawValue: text.lowercased()) else { return nil }
            self = .images(mode)
        case .imageSize:
            guard let box = CellBox(parsing: text), Self.imageColumns.contains(box.columns), Self.imageRows.contains(box.rows) else { return nil }
            self = .imageSize(box)
        case .hyperlinks:
            guard let mode = HyperlinksMode(rawValue: text.lowercased()) else { return nil }
            self = .hyperlinks(mode)
        case .linkPreviews:
            guard let mode = LinkPreviewsMode(rawValue: text.lowercased()) else { return nil }
            self = .linkPreviews(mode)
        case .screenReader:
            guard let isOn = Self.switchState(text) else { return nil }
            self = .screenReader(isOn)
        case .messageTimes:
            guard let isOn = Self.switchState(text) else { return nil }
            self = .messageTimes(isOn)
        }
    }

    /// `on` or `off`, in any case.
    private static func switchState(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "on": true
        case "off": false
        default: nil
        }
    }

    /// `de`, `gsw`, `en_GB`, `pt-BR`, `zh-Hant-TW`: a two- or three-letter language, then optional
    /// script, region or variant parts, in the spellings both BCP 47 and POSIX locales use.
    private static func isLanguageCode(_ text: String) -> Bool {
        let parts = text.split(omittingEmptySubsequences: false) { $0 == "-" || $0 == "_" }
        guard let language = parts.first, (2...3).contains(language.count),
              language.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            return false
        }
        return parts.dropFirst().allSatisfy { part in
            (2...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }
}
