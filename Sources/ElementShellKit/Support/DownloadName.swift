/// Where a download goes: a name from the message, made safe, and made new when taken.
public enum DownloadName {
    /// The name as a plain file of the current directory: no directories (`/`, `\`), no control
    /// characters, no leading dots (hidden files, `..`), at most 200 characters; `download` when
    /// nothing is left.
    public static func sanitized(_ name: String) -> String {
        let lastComponent = name.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        let visible = String(lastComponent.unicodeScalars.filter { !$0.properties.generalCategory.isControlOrFormat }.map(Character.init))
        let trimmed = visible.drop(while: { $0 == "." || $0.isWhitespace }).trimmingWhitespace()
        let cut = String(trimmed.prefix(200))
        return cut.isEmpty ? "download" : cut
    }

    /// `path` when `isTaken` says it is free, else `name (1).ext`, `name (2).ext`, …
    public static func unused(_ path: String, isTaken: (String) -> Bool) -> String {
        guard isTaken(path) else { return path }
        let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        let directory = path[..<slash], file = path[slash...]
        // The extension is what follows the last dot that does not start the name.
        let dot = file.lastIndex(of: ".").flatMap { $0 == file.startIndex ? nil : $0 } ?? file.endIndex
        let stem = file[..<dot], suffix = file[dot...]
        var number = 1
        while true {
            let candidate = "\(directory)\(stem) (\(number))\(suffix)"
            if !isTaken(candidate) { return candidate }
            number += 1
        }
    }
}

private extension Unicode.GeneralCategory {
    var isControlOrFormat: Bool {
        switch self {
        case .control, .format, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }
}
