/// Something in a config file the shell could not use, and where. The shell still starts: whatever
/// the diagnostic is about keeps its built-in value.
public struct ConfigDiagnostic: Error, Sendable, Equatable {
    public var file: String
    /// 1-based; 0 when the problem is the file as a whole (missing, unreadable).
    public var line: Int
    /// 1-based, counted in Unicode scalars; 0 when the problem is the file as a whole.
    public var column: Int
    public var problem: ConfigProblem

    public init(file: String, line: Int, column: Int, problem: ConfigProblem) {
        self.file = file
        self.line = line
        self.column = column
        self.problem = problem
    }
}

/// What is wrong. Keys are dotted paths from the top of the file (`profiles.clap.accent_color`),
/// except in `unknownKey`, which holds the key as written and the nearest known key at that level.
public enum ConfigProblem: Sendable, Equatable {
    /// The text is not YAML; the message is libyaml's own.
    case syntax(String)
    /// A mapping names the same key twice.
    case duplicateKey(String)
    case unknownKey(String, suggestion: String?)
    /// The value has the wrong shape (a list where text belongs, text where a mapping belongs, …).
    /// The key is empty when the whole document is not a mapping.
    case typeMismatch(key: String, expected: ExpectedValue)
    case invalidValue(key: String, value: String, expected: ExpectedValue)
    /// A profile names a homeserver entry that does not exist.
    case unknownHomeserver(String)
    /// A homeserver entry ends up with neither `server_name` nor `url`.
    case homeserverWithoutAddress(String)
    /// `default_profile` names a profile that does not exist.
    case unknownProfile(String)
    /// A file given with `--config` does not exist.
    case missingFile
    /// The file exists but cannot be read (a directory, no permission).
    case unreadable
    /// The file is not UTF-8 text.
    case notUTF8
}
