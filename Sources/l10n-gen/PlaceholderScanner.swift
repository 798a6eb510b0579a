/// Finds the numbered placeholders (`%1$@`, `%2$d`) of a localized string, in argument order.
enum PlaceholderScanner {
    enum Kind { case text, integer }

    static func placeholders(in value: String) -> [Kind] {
        var kinds: [Int: Kind] = [:]
        let characters = Array(value)
        var index = 0
        while index < characters.count {
            defer { index += 1 }
            guard characters[index] == "%", index + 1 < characters.count else { continue }
            var cursor = index + 1
            var digits = ""
            while cursor < characters.count, characters[cursor].isNumber {
                digits.append(characters[cursor])
                cursor += 1
            }
            guard let position = Int(digits), cursor + 1 < characters.count, characters[cursor] == "$" else { continue }
            kinds[position] = characters[cursor + 1] == "d" ? .integer : .text
            index = cursor + 1
        }
        return (kinds.keys.max().map { Array(1...$0) } ?? []).map { kinds[$0] ?? .text }
    }
}
