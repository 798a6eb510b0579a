import Foundation
import MatrixClient
import TerminalGraphics

extension Settings {
    /// A setting's name as `/set` and the config file spell it.
    public enum Key: String, CaseIterable, Sendable {
        case language
        case color
        case historySize = "history_size"
        case requestTimeout = "request_timeout"
        case loginTimeout = "login_timeout"
        case caFile = "ca_file"
        case logLevel = "log_level"
        case timelineSize = "timeline_size"
        case markdown
        case privateReceipts = "private_receipts"
        case sendTyping = "send_typing"
        case notify
        case notifyBodies = "notify_bodies"
        case excludeInsecureDevices = "exclude_insecure_devices"
        case shareHistoryOnInvite = "share_history_on_invite"
        case sync
        case images
        case imageSize = "image_size"
        case hyperlinks
        case linkPreviews = "link_previews"
        case screenReader = "screen_reader"
        case messageTimes = "message_times"

        /// Looks a name up, suggesting the nearest real one when there is no such setting.
        public init(named name: String) throws(SettingError) {
            let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
            guard let key = Key(rawValue: name) else {
                let suggestion = Suggestion.nearest(to: name, among: Key.allCases.map(\.rawValue))
                throw .unknownKey(name, suggestion: suggestion)
            }
            self = key
        }

        /// What the setting accepts.
        public var expectedValue: ExpectedValue {
            switch self {
            case .language: .languageCode
            case .color: .oneOf(ColorMode.allCases.map(\.rawValue))
            case .historySize: .integer(SettingValue.historySizes)
            case .requestTimeout: .integer(SettingValue.requestTimeouts)
            case .loginTimeout: .integer(SettingValue.loginTimeouts)
            case .caFile: .readableFile
            case .logLevel: .oneOf(LogLevel.allCases.map(\.rawValue))
            case .timelineSize: .integer(SettingValue.timelineSizes)
            case .markdown, .privateReceipts, .sendTyping, .notifyBodies, .excludeInsecureDevices, .shareHistoryOnInvite: .oneOf(["on", "off"])
            case .notify: .oneOf(NotifyMode.allCases.map(\.rawValue))
            case .sync: .oneOf(SyncMode.allCases.map(\.rawValue))
            case .images: .oneOf(ImagesMode.allCases.map(\.rawValue))
            case .imageSize: .cellBox(columns: SettingValue.imageColumns, rows: SettingValue.imageRows)
            case .hyperlinks: .oneOf(HyperlinksMode.allCases.map(\.rawValue))
            case .linkPreviews: .oneOf(LinkPreviewsMode.allCases.map(\.rawValue))
            case .screenReader, .messageTimes: .oneOf(["on", "off"])
            }
        }

        /// Whether `none` (or nothing) is accepted to unset it.
        public var isOptional: Bool {
            self == .language || self == .caFile
        }
    }
}
