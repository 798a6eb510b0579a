/// Reads the `"key" = "value";` format of `Localizable.strings`, with `/* */` and `//` comments.
struct StringsFileParser {
    struct Failure: Error, CustomStringConvertible {
        let line: Int
        let message: String
        var description: String { "line \(line): \(message)" }
    }

    private let characters: [Character]
    private var index = 0
    private var line = 1

    init(_ text: String) {
        characters = Array(text)
    }

    /// Entries in file order; a repeated key is an error, because one of the two would be lost silently.
    mutating func parse() throws -> [(key: String, value: String)] {
        var entries: [(key: String, value: String)] = []
        var seen: Set<String> = []
        while true {
            try skipTrivia()
            guard index < characters.count else { return entries }
            let key = try quoted()
            try skipTrivia()
            try expect("=")
            try skipTrivia()
            let value = try quoted()
            try skipTrivia()
            try expect(";")
            guard seen.insert(key).inserted else { throw Failure(line: line, message: "duplicate key \(key)") }
            entries.append((key, value))
        }
    }

    private mutating func skipTrivia() throws {
        while index < characters.count {
            let character = characters[index]
            if character == "\n" {
                line += 1
                index += 1
            } else if character.isWhitespace {
                index += 1
            } else if character == "/", next == "/" {
                while index < characters.count, characters[index] != "\n" { index += 1 }
            } else if character == "/", next == "*" {
                index += 2
                while index < characters.count, !(characters[index] == "*" && next == "/") {
                    if characters[index] == "\n" { line += 1 }
                    index += 1
                }
                guard index < characters.count else { throw Failure(line: line, message: "unterminated comment") }
                index += 2
            } else {
                return
            }
        }
    }

    private var next: Character? {
        index + 1 < characters.count ? characters[index + 1] : nil
    }

    private mutating func expect(_ character: Character) throws {
        guard index < characters.count, characters[index] == character else {
            throw Failure(line: line, message: "expected \(character)")
        }
        index += 1
    }

    private mutating func quoted() throws -> String {
        try expect("\"")
        var result = ""
        while index < characters.count {
            let character = characters[index]
            index += 1
            switch character {
            case "\"":
                return result
            case "\n":
                throw Failure(line: line, message: "line break inside a string; write \\n")
            case "\\":
                guard index < characters.count else { break }
                let escaped = characters[index]
                index += 1
                switch escaped {
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "\"", "\\": result.append(escaped)
                default: throw Failure(line: line, message: "unknown escape \\\(escaped)")
                }
            default:
                result.append(character)
            }
        }
        throw Failure(line: line, message: "unterminated string")
    }
}
