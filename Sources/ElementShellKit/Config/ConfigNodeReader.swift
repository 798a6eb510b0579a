import Yams

/// Reads values out of a composed YAML tree. Anything of the wrong shape is reported to `log` and read
/// as nil, so one mistake costs only the value it is in. `path` arguments are dotted key paths.
struct ConfigNodeReader {
    var log: DiagnosticLog

    /// The pairs of a mapping whose keys must be `Field`s; other keys are reported with the nearest field.
    /// nil (reported) when the node is not a mapping.
    mutating func fields<Field: RawRepresentable<String> & CaseIterable>(
        of node: Node, at path: String, as _: Field.Type
    ) -> [(field: Field, value: Node)]? {
        entries(of: node, at: path)?.compactMap { name, value in
            if let field = Field(rawValue: name.value) {
                return (field, value)
            }
            let suggestion = Suggestion.nearest(to: name.value, among: Field.allCases.map(\.rawValue))
            log.report(.unknownKey(name.value, suggestion: suggestion), at: name.position)
            return nil
        }
    }

    /// The pairs of a mapping whose keys the file chooses. An empty value (`key:` alone) is an empty mapping;
    /// nil (reported) when the node is not a mapping.
    mutating func entries(of node: Node, at path: String) -> [(name: Located<String>, value: Node)]? {
        if isNull(node) { return [] }
        guard case .mapping(let mapping) = node else {
            log.report(.typeMismatch(key: path, expected: .mapping), at: node.mark)
            return nil
        }
        return mapping.compactMap { key, value in
            guard case .scalar(let name) = key else {
                log.report(.typeMismatch(key: path, expected: .text), at: key.mark)
                return nil
            }
            return (Located(value: name.string, position: SourcePosition(key.mark)), value)
        }
    }

    /// The items of a list of names. An empty value is an empty list.
    mutating func names(_ node: Node, at path: String) -> [Located<String>]? {
        if isNull(node) { return [] }
        guard case .sequence(let sequence) = node else {
            log.report(.typeMismatch(key: path, expected: .list), at: node.mark)
            return nil
        }
        return sequence.compactMap { item in
            text(item, at: path).map { Located(value: $0, position: SourcePosition(item.mark)) }
        }
    }

    /// A scalar's text, `.some(nil)` for `~` or nothing, nil (reported) for a list or mapping.
    mutating func optionalText(_ node: Node, at path: String, expected: ExpectedValue = .text) -> String?? {
        guard case .scalar(let scalar) = node else {
            log.report(.typeMismatch(key: path, expected: expected), at: node.mark)
            return nil
        }
        return isNull(node) ? .some(nil) : scalar.string
    }

    /// A scalar's text; anything else, `~` included, is reported.
    mutating func text(_ node: Node, at path: String, expected: ExpectedValue = .text) -> String? {
        guard case .some(let text) = optionalText(node, at: path, expected: expected) else { return nil }
        guard let text else {
            log.report(.typeMismatch(key: path, expected: expected), at: node.mark)
            return nil
        }
        return text
    }

    /// A scalar's text turned into a value by `parse`; text it refuses is reported as an invalid value.
    mutating func value<Value>(
        _ node: Node, at path: String, expected: ExpectedValue, parse: (String) -> Value?
    ) -> Value? {
        guard let text = text(node, at: path, expected: expected) else { return nil }
        guard let value = parse(text) else {
            log.report(.invalidValue(key: path, value: text, expected: expected), at: node.mark)
            return nil
        }
        return value
    }

    /// A YAML boolean (`true`, `false`, `yes`, `no`, `on`, `off`, unquoted).
    mutating func bool(_ node: Node, at path: String) -> Bool? {
        guard let scalar = node.scalar, scalar.style == .plain, let bool = Self.booleans[scalar.string.lowercased()] else {
            log.report(.typeMismatch(key: path, expected: .boolean), at: node.mark)
            return nil
        }
        return bool
    }

    private static let booleans = ["true": true, "yes": true, "on": true, "false": false, "no": false, "off": false]

    /// `~`, `null` or nothing, unquoted.
    private func isNull(_ node: Node) -> Bool {
        node.null != nil
    }
}

extension String {
    /// `path.key`, or `key` at the top of the file.
    func appendingKey(_ key: String) -> String {
        isEmpty ? key : self + "." + key
    }
}
