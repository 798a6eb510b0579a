/// Fills `%1$@`, `%2$d` and `%%` in a localized template. Written here rather than with
/// `String(format:)` so a translation can never read an argument that was not passed.
enum PlaceholderFormatter {
    static func format(_ template: String, arguments: [String]) -> String {
        guard template.contains("%") else { return template }
        var result = ""
        var characters = template[...]
        while let percent = characters.firstIndex(of: "%") {
            result += characters[..<percent]
            let rest = characters[characters.index(after: percent)...]
            if rest.first == "%" {
                result += "%"
                characters = rest.dropFirst()
                continue
            }
            let digits = rest.prefix(while: \.isNumber)
            let afterDigits = rest[digits.endIndex...]
            if let position = Int(digits), afterDigits.first == "$", let kind = afterDigits.dropFirst().first,
               kind == "@" || kind == "d" {
                result += position >= 1 && position <= arguments.count ? arguments[position - 1] : ""
                characters = afterDigits.dropFirst(2)
            } else {
                result += "%"
                characters = rest
            }
        }
        return result + characters
    }
}
