import MatrixClient
import TerminalGraphics

/// A message's picture, drawn for this terminal, or why it is not: what follows the message's
/// line once it is ready, and what `/view` shows.
public struct ShownPicture: Sendable, Equatable {
    public enum Drawing: Sendable, Equatable {
        case drawn(TerminalPicture)
        case failed(PictureProblem)
    }

    /// Its message, as the line just printed would name it (`MessageView.outputKey`).
    public let messageKey: String
    public let eventID: String?
    /// The message's `~N`.
    public let reference: Int?
    /// The file's name, or the message's body where it has none.
    public let name: RemoteText
    public let drawing: Drawing

    /// `~12 cat.png`: how a line that does not follow the message names it (not yet sanitized).
    var label: String {
        ([reference.map { "~\($0)" }].compactMap { $0 } + [name.unsanitized]).joined(separator: " ")
    }

    init(of message: MessageView, drawing: Drawing) {
        self.init(of: message, named: message.media?.fileName.map { RemoteText($0) } ?? message.body, drawing: drawing)
    }

    /// The picture of one of the message's link previews, named by its page.
    init(of message: MessageView, preview: LinkPreview, drawing: Drawing) {
        let name = preview.title ?? preview.siteName ?? preview.url ?? preview.matchedURL ?? ""
        self.init(of: message, named: RemoteText(name), drawing: drawing)
    }

    private init(of message: MessageView, named name: RemoteText, drawing: Drawing) {
        messageKey = message.outputKey
        eventID = message.eventID
        reference = message.reference
        self.name = name
        self.drawing = drawing
    }
}

extension MessageView {
    /// What tells this message from the others printed: its event, or while it is pending its
    /// transaction.
    public var outputKey: String { eventID ?? transactionID ?? "" }
}

extension Report {
    /// The picture this report shows: one that followed its message, or `/view`'s.
    public var picture: ShownPicture? {
        switch content {
        case .picture(let picture), .result(_, .media(.viewed(let picture))): picture
        default: nil
        }
    }

    /// The messages this report prints, in order; a picture printed next follows the last of them.
    public var messagesShown: [MessageView] {
        switch content {
        case .message(let message), .result(_, .message(.queued(let message))): [message]
        case .result(_, .room(.opened(_, let messages, _, _))), .result(_, .room(.history(let messages))): messages
        case .result(_, .thread(.opened(_, let root, let messages, _))): [root] + messages
        default: []
        }
    }
}
