/// The prompt from the profile's `prompt_format`. A placeholder with no value vanishes together with
/// the space before it, so `{app} {user} {room} {unread}> ` reads `Element> ` before login.
public enum PromptRenderer {
    public struct Values: Sendable, Equatable {
        public var app: String
        public var user: String?
        public var room: String?
        public var unread: Int?
        /// Already in words: `(offline, retrying in 8 s)`.
        public var status: String?
        /// Already in words: `(alice is typing…)`.
        public var typing: String?

        public init(app: String, user: String? = nil, room: String? = nil, unread: Int? = nil, status: String? = nil,
                    typing: String? = nil) {
            self.app = app
            self.user = user
            self.room = room
            self.unread = unread
            self.status = status
            self.typing = typing
        }
    }

    /// `invisibleStart`/`invisibleEnd` wrap escape sequences so the line editor can measure the
    /// prompt (readline's `\001`/`\002`).
    public static func render(format: String, values: Values, theme: Theme, invisibleStart: String = "\u{1}", invisibleEnd: String = "\u{2}") -> String {
        var result = ""
        var rest = format[...]
        while let open = rest.firstIndex(of: "{") {
            let afterOpen = rest[rest.index(after: open)...]
            guard let close = afterOpen.firstIndex(of: "}"),
                  let placeholder = PromptPlaceholder(rawValue: String(afterOpen[..<close])) else {
                result += rest[...open]
                rest = afterOpen
                continue
            }
            result += rest[..<open]
            let value = text(for: placeholder, values: values)
            if value.isEmpty {
                if result.last == " " { result.removeLast() }
            } else if placeholder == .app, theme.usesColor {
                let styled = theme.accent(value)
                result += styled.replacingEscapes(start: invisibleStart, end: invisibleEnd)
            } else {
                result += value
            }
            rest = afterOpen[afterOpen.index(after: close)...]
        }
        return result + rest
    }

    private static func text(for placeholder: PromptPlaceholder, values: Values) -> String {
        let raw = switch placeholder {
        case .app: values.app
        case .user: values.user ?? ""
        case .room: values.room ?? ""
        case .unread: values.unread.map { $0 > 0 ? "(\($0))" : "" } ?? ""
        case .status: values.status ?? ""
        case .typing: values.typing ?? ""
        }
        return TerminalSanitizer.clean(raw)
    }
}

private extension String {
    /// Wraps each `ESC[…m` sequence in the line editor's invisible markers.
    func replacingEscapes(start: String, end: String) -> String {
        var result = ""
        var inEscape = false
        for character in self {
            if character == "\u{1B}" {
                result += start
                inEscape = true
            }
            result.append(character)
            if inEscape, character == "m" {
                result += end
                inEscape = false
            }
        }
        return result
    }
}
