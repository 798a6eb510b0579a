import Yams

extension DiagnosticLog {
    /// Reports why Yams could not compose `yaml`, at the position libyaml gives.
    mutating func report(_ error: any Error, composing yaml: String) {
        switch error as? YamlError {
        case let .scanner(context, problem, mark, _)?,
             let .parser(context, problem, mark, _)?,
             let .composer(context, problem, mark, _)?:
            report(.syntax(context.map { "\($0.text), \(problem)" } ?? problem), at: mark)
        case let .reader(problem, offset, _, _)?:
            report(.syntax(problem), at: offset.map { SourcePosition(characterOffset: $0, in: yaml) } ?? .wholeFile)
        case let .duplicatedKeysInMapping(duplicates, context)?:
            report(.duplicateKey(duplicates.first ?? ""), at: context.mark)
        default:
            report(.syntax(String(describing: error)), at: .wholeFile)
        }
    }
}

private extension SourcePosition {
    /// libyaml's reader reports an offset rather than a mark; columns count Unicode scalars like its marks.
    init(characterOffset: Int, in text: String) {
        let before = text.prefix(characterOffset)
        let lineStart = before.lastIndex(where: \.isNewline).map(before.index(after:)) ?? before.startIndex
        self.init(line: before.count(where: \.isNewline) + 1, column: before[lineStart...].unicodeScalars.count + 1)
    }
}
