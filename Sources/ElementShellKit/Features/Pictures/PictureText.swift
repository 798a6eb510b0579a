import TerminalGraphics

/// A picture's lines: drawn under its message's text, at the indent of the message's other lines;
/// named first (`~12 cat.png`) when something else was printed since its message. Half blocks are
/// lines of text; the other protocols' one sequence is the presenter's to write after these lines.
public struct PictureText {
    let theme: Theme
    /// The message printed last, whose picture needs no name.
    var lastMessageKey: String?

    /// Where a picture starts: under the text of its message, not under the time.
    public static let indent = 8

    func lines(for picture: ShownPicture) -> [String] {
        let margin = String(repeating: " ", count: Self.indent)
        let label = TerminalSanitizer.clean(picture.label)
        switch picture.drawing {
        case .failed(let problem):
            return [margin + theme.dim(Self.notice(problem, label: label))]
        case .drawn(let drawn):
            let caption = picture.messageKey == lastMessageKey ? [] : [margin + theme.dim(label)]
            guard case .lines(let lines) = drawn.output else { return caption }
            return caption + lines.filter { !$0.isEmpty }.map { margin + $0 }
        }
    }

    /// Why a picture is not drawn, in one sentence that names it.
    static func notice(_ problem: PictureProblem, label: String) -> String {
        switch problem {
        case .notAPicture: L10n.screenPictureNotAPicture(label)
        case .tooManyPixels(let width, let height): L10n.screenPictureTooManyPixels(label, width, height)
        case .damaged: L10n.screenPictureDamaged(label)
        case .notDecrypted: L10n.screenPictureNotDecrypted(label)
        case .tooLargeToFetch(let limit): L10n.screenPictureTooLargeToFetch(label, FileSizeText.text(Int64(limit)))
        case .unreachable(let error): L10n.screenPictureUnreachable(label, ErrorMessages.sentence(for: .matrix(error)))
        }
    }
}
