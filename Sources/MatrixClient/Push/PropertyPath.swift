import MatrixJSON

/// A push rule condition's `key` (spec appendix "Dot-separated property paths"): the names of
/// nested properties joined by dots, where `\.` is a dot inside a name (`content.m\.mentions`)
/// and `\\` a backslash.
public struct PropertyPath: Sendable, Equatable {
    public let names: [String]
    /// `content.body`, which `event_match` reads word by word.
    let isBody: Bool

    public init(_ key: String) {
        var names: [String] = [], current = ""
        var escaping = false
        for character in key {
            if escaping {
                // Only `.` and `\` are escapes; any other backslash stands for itself.
                if character != "." && character != "\\" { current.append("\\") }
                current.append(character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else if character == "." {
                names.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        if escaping { current.append("\\") }
        names.append(current)
        self.names = names
        isBody = names == ["content", "body"]
    }

    /// The value at the path in `event`, if every step is an object that has the next name.
    public func value(in event: JSONValue) -> JSONValue? {
        names.reduce(Optional(event)) { value, name in value?[name] }
    }
}
