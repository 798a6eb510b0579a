import Foundation
import MatrixClient
import TerminalGraphics

/// The settings a user may change at run time with `/set`, and globally or per profile in the config file.
/// Built-in values are `Settings.default`.
public struct Settings: Sendable, Equatable {
    /// nil: taken from `LC_ALL`, `LC_MESSAGES` or `LANG`.
    public var language: String?
    public var color: ColorMode
    /// Lines of input history kept; 0 keeps none.
    public var historySize: Int
    /// Seconds before a request to the homeserver is given up.
    public var requestTimeout: Int
    /// Seconds `/login` waits for the browser to come back from single sign-on.
    public var loginTimeout: Int
    /// PEM file of certificate authorities to trust; nil: the system's.
    public var caFile: String?
    public var logLevel: LogLevel
    /// Messages of each opened room kept in memory; older ones are read from the store.
    public var timelineSize: Int
    /// Whether plain lines are read as Markdown and sent formatted.
    public var markdown: Bool
    /// Whether read receipts are private (`m.read.private`): only the user's own devices see them.
    public var privateReceipts: Bool
    /// Whether the open room is told while the user types a message.
    public var sendTyping: Bool
    /// How mentions and direct messages get attention: not at all, the terminal bell, or the bell
    /// and a desktop notification.
    public var notify: NotifyMode
    /// Whether a desktop notification shows the message itself, not only who wrote where.
    public var notifyBodies: Bool
    /// MSC4153: room keys go only to devices their owner cross-signed (or that were verified
    /// here), so a device added by whoever took over an account reads nothing new.
    public var excludeInsecureDevices: Bool
    /// Inviting someone to an encrypted room whose history is visible to people invited later
    /// shares its room keys with them (MSC4268), as Element X does.
    public var shareHistoryOnInvite: Bool
    /// Sliding sync, `/v3/sync`, or whichever the homeserver offers best.
    public var sync: SyncMode
    /// How pictures are drawn under their messages; they are never drawn when the output is not a
    /// terminal, in batch mode or as JSON.
    public var images: ImagesMode
    /// The most cells a picture under its message covers; `/view` takes the whole window.
    public var imageSize: CellBox
    /// Whether web addresses in messages (and saved files) are clickable OSC 8 links.
    public var hyperlinks: HyperlinksMode
    /// In which rooms addresses typed in a message are previewed by the homeserver, and the
    /// preview bundled into the message.
    public var linkPreviews: LinkPreviewsMode
    /// Lines for a screen reader or a braille display: each message one plain line, its speaker
    /// first and its marks in words, no colour.
    public var screenReader: Bool
    /// Whether each message shows when it was sent: a screen reader's user may rather not hear it.
    public var messageTimes: Bool

    public init(language: String?, color: ColorMode, historySize: Int, requestTimeout: Int, loginTimeout: Int = 300,
                caFile: String?, logLevel: LogLevel, timelineSize: Int, markdown: Bool, privateReceipts: Bool = false, sendTyping: Bool = true,
                notify: NotifyMode = .bell, notifyBodies: Bool = false, excludeInsecureDevices: Bool = false,
                shareHistoryOnInvite: Bool = true, sync: SyncMode = .auto,
                images: ImagesMode = .auto, imageSize: CellBox = CellBox(columns: 40, rows: 12), hyperlinks: HyperlinksMode = .auto,
                linkPreviews: LinkPreviewsMode = .unencrypted, screenReader: Bool = false, messageTimes: Bool = true) {
        self.language = language
        self.color = color
        self.historySize = historySize
        self.requestTimeout = requestTimeout
        self.loginTimeout = loginTimeout
        self.caFile = caFile
        self.logLevel = logLevel
        self.timelineSize = timelineSize
        self.markdown = markdown
        self.privateReceipts = privateReceipts
        self.sendTyping = sendTyping
        self.notify = notify
        self.notifyBodies = notifyBodies
        self.excludeInsecureDevices = excludeInsecureDevices
        self.shareHistoryOnInvite = shareHistoryOnInvite
        self.sync = sync
        self.images = images
        self.imageSize = imageSize
        self.hyperlinks = hyperlinks
        self.linkPreviews = linkPreviews
        self.screenReader = screenReader
        self.messageTimes = messageTimes
    }

    /// The value as `/set` and the config file write it; nil when the setting is unset.
    public func value(of key: Key) -> String? {
        switch key {
        case .language: language
        case .color: color.rawValue
        case .historySize: String(historySize)
        case .requestTimeout: String(requestTimeout)
        case .loginTimeout: String(loginTimeout)
        case .caFile: caFile
        case .logLevel: logLevel.rawValue
        case .timelineSize: String(timelineSize)
        case .markdown: markdown ? "on" : "off"
        case .privateReceipts: privateReceipts ? "on" : "off"
        case .sendTyping: sendTyping ? "on" : "off"
        case .notify: notify.rawValue
        case .notifyBodies: notifyBodies ? "on" : "off"
        case .excludeInsecureDevices: excludeInsecureDevices ? "on" : "off"
        case .shareHistoryOnInvite: shareHistoryOnInvite ? "on" : "off"
        case .sync: sync.rawValue
        case .images: images.rawValue
        case .imageSize: imageSize.description
        case .hyperlinks: hyperlinks.rawValue
        case .linkPreviews: linkPreviews.rawValue
        case .screenReader: screenReader ? "on" : "off"
        case .messageTimes: messageTimes ? "on" : "off"
        }
    }

    /// Sets `key` from text as typed after `/set KEY`. `none` or nothing unsets a key that may be unset.
    public mutating func set(_ key: Key, to text: String) throws(SettingError) {
        guard let value = SettingValue(key: key, text: text) else {
            let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
            throw .invalidValue(key: key, value: text, expected: key.expectedValue)
        }
        apply(value)
    }

    mutating func apply(_ value: SettingValue) {
        switch value {
        case .language(let language): self.language = language
        case .color(let color): self.color = color
        case .historySize(let size): historySize = size
        case .requestTimeout(let seconds): requestTimeout = seconds
        case .loginTimeout(let seconds): loginTimeout = seconds
        case .caFile(let path): caFile = path
        case .logLevel(let level): logLevel = level
        case .timelineSize(let size): timelineSize = size
        case .markdown(let isOn): markdown = isOn
        case .privateReceipts(let isOn): privateReceipts = isOn
        case .sendTyping(let isOn): sendTyping = isOn
        case .notify(let mode): notify = mode
        case .notifyBodies(let isOn): notifyBodies = isOn
        case .excludeInsecureDevices(let isOn): excludeInsecureDevices = isOn
        case .shareHistoryOnInvite(let isOn): shareHistoryOnInvite = isOn
        case .sync(let mode): sync = mode
        case .images(let mode): images = mode
        case .imageSize(let box): imageSize = box
        case .hyperlinks(let mode): hyperlinks = mode
        case .linkPreviews(let mode): linkPreviews = mode
        case .screenReader(let isOn): screenReader = isOn
        case .messageTimes(let isOn): messageTimes = isOn
        }
    }
}
