import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// What every line printed from remote text must be, checked as properties rather than bytes.
enum TerminalSafety {
    /// Why `line` is not safe to print, judged by Unicode's properties rather than the sanitizer's
    /// own lists: controls (C0, DEL, C1), separators, bidirectional controls, or a character piled
    /// with more attached marks than the sanitizer keeps. The direction marks LRM, RLM and ALM are
    /// allowed: the sanitizer keeps them for right-to-left text.
    static func problems(in line: String) -> [String] {
        let piled = line.filter { $0.unicodeScalars.count > 1 + TerminalSanitizer.maximumAttachedMarks }
        return unsafeScalars(in: line) + piled.map { "a character of \($0.unicodeScalars.count) scalars" }
    }

    /// The controls, separators and bidirectional controls (but the direction marks) in `text`.
    static func unsafeScalars(in text: String) -> [String] {
        text.unicodeScalars.filter { scalar in
            // ASCII's only unsafe scalars are its controls; its properties cost the most to read.
            if scalar.isASCII { return scalar.value < 0x20 || scalar.value == 0x7F }
            return switch scalar.properties.generalCategory {
            case .control, .lineSeparator, .paragraphSeparator: true
            default: scalar.properties.isBidiControl && !["\u{061C}", "\u{200E}", "\u{200F}"].contains(scalar)
            }
        }.map { "U+" + String($0.value, radix: 16, uppercase: true) }
    }

    /// Expects every line to be safe and, together, to show what the hostile text wrapped (or
    /// `survivors`, where the text is not shown).
    static func expectSafe(_ lines: [String], showing entry: HostileString, in path: String, survivors: [String]? = nil,
                           sourceLocation: SourceLocation = #_sourceLocation) {
        for failure in failures(of: lines, showing: entry, in: path, survivors: survivors) {
            Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
        }
    }

    /// What `expectSafe` would record, as values: for work done on a thread of its own, where no
    /// test is there to record it.
    static func failures(of lines: [String], showing entry: HostileString, in path: String, survivors: [String]? = nil) -> [String] {
        var failures = lines.map(problems(in:)).filter { !$0.isEmpty }.map { "\(path): \(entry.name) left \($0)" }
        let shown = lines.joined(separator: "\n")
        for survivor in survivors ?? entry.survivors where shown.unicodeScalars.firstRange(of: survivor.unicodeScalars) == nil {
            failures.append("\(path): \(entry.name) hid \(survivor)")
        }
        return failures
    }

    /// The text without the SGR sequences a colour theme adds (`ESC [ digits;… m`).
    static func withoutSGR(_ text: String) -> String {
        var result = ""
        var rest = text.unicodeScalars[...]
        while let escape = rest.firstIndex(of: "\u{1B}") {
            result.unicodeScalars.append(contentsOf: rest[..<escape])
            let parameters = rest[rest.index(after: escape)...].dropFirst().prefix { ("0"..."9").contains($0) || $0 == ";" }
            guard rest[rest.index(after: escape)...].first == "[", parameters.endIndex < rest.endIndex, rest[parameters.endIndex] == "m" else {
                // Not a theme's sequence: keep it, so the safety check sees it.
                result.unicodeScalars.append(rest[escape])
                rest = rest[rest.index(after: escape)...]
                continue
            }
            rest = rest[rest.index(after: parameters.endIndex)...]
        }
        result.unicodeScalars.append(contentsOf: rest)
        return result
    }

    /// The text without the OSC 8 links a theme that makes links adds (`ESC ] 8 ; ; address ESC \`),
    /// and the addresses they carried.
    static func withoutHyperlinks(_ text: String) -> (text: String, addresses: [String]) {
        var result = "", addresses: [String] = []
        var rest = text[...]
        while let start = rest.range(of: "\u{1B}]8;;") {
            result += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].range(of: "\u{1B}\\") else {
                result += rest[start.lowerBound...]
                return (result, addresses)
            }
            let address = String(rest[start.upperBound..<end.lowerBound])
            if !address.isEmpty { addresses.append(address) }
            rest = rest[end.upperBound...]
        }
        return (result + rest, addresses)
    }
}
