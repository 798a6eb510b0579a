/// What a setting or config key accepts, so a message can tell the user what to write instead.
public enum ExpectedValue: Sendable, Equatable {
    case oneOf([String])
    case integer(ClosedRange<Int>)
    /// A language code such as `de`, `en_GB` or `pt-BR`.
    case languageCode
    case text
    case boolean
    case mapping
    case list
    /// An ANSI colour name or `#rrggbb`.
    case color
    /// An `http` or `https` URL with a host.
    case url
    /// A Matrix server name: a host name or IP literal, optionally with `:port`.
    case serverName
    /// Text whose `{…}` placeholders are all among `PromptPlaceholder`.
    case promptFormat
    /// The path of a file this process can read.
    case readableFile
    /// Columns by rows of terminal cells, such as `40x12`, each within its range.
    case cellBox(columns: ClosedRange<Int>, rows: ClosedRange<Int>)
}
