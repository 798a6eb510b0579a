/// Who is typing, in the prompt's words: `(alice is typing…)`; nothing when nobody is.
public enum TypingText {
    public static func prompt(names: [String]) -> String? {
        switch names.count {
        case 0: nil
        case 1: L10n.screenPromptTypingOne(names[0])
        case 2: L10n.screenPromptTypingTwo(names[0], names[1])
        default: L10n.screenPromptTypingMany(names[0], names[1], names.count - 2)
        }
    }
}
