/// `:shortcode:` names for the reactions people use most, as other clients offer them. A key
/// that is not a known shortcode is sent as typed.
enum Shortcodes {
    static let emoji: [String: String] = [
        "+1": "👍", "thumbsup": "👍", "-1": "👎", "thumbsdown": "👎", "heart": "❤️", "smile": "😄", "smiley": "😃",
        "grin": "😁", "joy": "😂", "laughing": "😆", "wink": "😉", "blush": "😊", "heart_eyes": "😍", "thinking": "🤔",
        "tada": "🎉", "eyes": "👀", "fire": "🔥", "rocket": "🚀", "100": "💯", "white_check_mark": "✅", "heavy_check_mark": "✔️",
        "x": "❌", "pray": "🙏", "clap": "👏", "ok_hand": "👌", "wave": "👋", "sob": "😭", "cry": "😢", "slightly_smiling_face": "🙂",
        "upside_down_face": "🙃", "sweat_smile": "😅", "rofl": "🤣", "star": "⭐", "sparkles": "✨", "muscle": "💪", "raised_hands": "🙌",
        "point_up": "☝️", "coffee": "☕", "beer": "🍺", "cake": "🍰", "bug": "🐛", "warning": "⚠️", "question": "❓", "exclamation": "❗",
    ]

    /// The emoji `text` names when it is a known `:shortcode:`; otherwise `text` itself.
    static func expand(_ text: String) -> String {
        guard text.count > 2, text.hasPrefix(":"), text.hasSuffix(":") else { return text }
        return emoji[String(text.dropFirst().dropLast())] ?? text
    }
}
