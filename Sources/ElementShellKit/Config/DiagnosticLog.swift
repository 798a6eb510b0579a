import Yams

/// Collects the diagnostics of one config file in the order they are found.
struct DiagnosticLog {
    let file: String
    private(set) var diagnostics: [ConfigDiagnostic] = []

    init(file: String) {
        self.file = file
    }

    mutating func report(_ problem: ConfigProblem, at position: SourcePosition) {
        diagnostics.append(ConfigDiagnostic(file: file, line: position.line, column: position.column, problem: problem))
    }

    mutating func report(_ problem: ConfigProblem, at mark: Mark?) {
        report(problem, at: SourcePosition(mark))
    }
}

extension SourcePosition {
    /// Composed nodes always carry a mark; a node without one has no place in the file.
    init(_ mark: Mark?) {
        self = mark.map { SourcePosition(line: $0.line, column: $0.column) } ?? .wholeFile
    }
}
