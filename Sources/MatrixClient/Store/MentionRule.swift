/// Whether a message mentions a user, as the spec's default push rules decide: by its `m.mentions`
/// when it lists them (`.m.rule.is_user_mention`), else by its text naming the user's display name
/// or user name as a word (`.m.rule.contains_display_name`, `.m.rule.contains_user_name`).
enum MentionRule {
    static func mentions(_ userID: String, displayName: String?, body: String, listed: Bool?) -> Bool {
        if let listed { return listed }
        let localpart = String(userID.dropFirst().prefix { $0 != ":" })
        return [userID, localpart, displayName ?? ""].contains { !$0.isEmpty && containsWord($0, in: body) }
    }

    /// `word` in `text`, ignoring case, neither preceded nor followed by a letter or digit.
    static func containsWord(_ word: String, in text: String) -> Bool {
        var searched = text.startIndex..<text.endIndex
        while let found = text.range(of: word, options: .caseInsensitive, range: searched) {
            let before = found.lowerBound == text.startIndex ? nil : text[text.index(before: found.lowerBound)]
            let after = found.upperBound == text.endIndex ? nil : text[found.upperBound]
            if !(before?.isLetter ?? false || before?.isNumber ?? false), !(after?.isLetter ?? false || after?.isNumber ?? false) {
                return true
            }
            searched = text.index(after: found.lowerBound)..<text.endIndex
        }
        return false
    }
}
