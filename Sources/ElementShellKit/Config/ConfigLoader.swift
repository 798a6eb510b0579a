import Foundation
import Yams

/// Finds, reads and resolves the config file. Nothing here fails: problems come back as diagnostics
/// next to a configuration that uses built-in values wherever the file could not be used.
public enum ConfigLoader {
    /// `--config FILE` when given, else `$XDG_CONFIG_HOME/element-shell/config.yaml` (XDG's default
    /// `$HOME/.config`) when that file exists; nil when the built-in defaults apply.
    public static func configPath(explicit: String?, environment: [String: String]) -> String? {
        if let explicit {
            return explicit.expandingTilde(home: environment["HOME"])
        }
        // The XDG spec says a relative XDG_CONFIG_HOME is invalid and must be ignored.
        let configHome = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? environment["HOME"].flatMap { $0.isEmpty ? nil : $0 + "/.config" }
        guard let configHome else { return nil }
        let path = configHome + "/element-shell/config.yaml"
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    /// Reads the file at `path` (nil: built-in defaults). A relative `ca_file` is taken relative to the
    /// file's directory, and `~/` at its start stands for `$HOME`.
    public static func load(
        path: String?, environment: [String: String]
    ) -> (config: ShellConfig, diagnostics: [ConfigDiagnostic]) {
        guard let path else { return (.default, []) }
        var log = DiagnosticLog(file: path)
        guard FileManager.default.fileExists(atPath: path) else {
            log.report(.missingFile, at: .wholeFile)
            return (.default, log.diagnostics)
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            log.report(.unreadable, at: .wholeFile)
            return (.default, log.diagnostics)
        }
        guard let yaml = String(validating: data, as: UTF8.self) else {
            log.report(.notUTF8, at: .wholeFile)
            return (.default, log.diagnostics)
        }
        var (config, diagnostics) = parse(yaml: yaml, file: path)
        let directory = (path as NSString).deletingLastPathComponent
        config.resolveCAFiles(relativeTo: directory.isEmpty ? "." : directory, home: environment["HOME"])
        return (config, diagnostics)
    }

    /// Resolves YAML text; `file` names it in diagnostics.
    public static func parse(yaml: String, file: String) -> (config: ShellConfig, diagnostics: [ConfigDiagnostic]) {
        var log = DiagnosticLog(file: file)
        let root: Node?
        do {
            // No implicit typing: the reader parses each scalar as the key expects, and Yams's
            // default resolver compiles a dozen regular expressions (2–3 ms of every start).
            root = try Yams.compose(yaml: yaml, .basic, .default, .utf8)
        } catch {
            log.report(error, composing: yaml)
            return (.default, log.diagnostics)
        }
        guard let root else { return (.default, []) }
        var reader = ConfigNodeReader(log: log)
        let raw = reader.config(root)
        var resolver = ConfigResolver(base: .default, log: reader.log)
        let config = resolver.resolve(raw)
        // Reading and resolving find problems in separate passes; report them in file order.
        let diagnostics = resolver.log.diagnostics.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
        return (config, diagnostics)
    }
}

private extension ShellConfig {
    mutating func resolveCAFiles(relativeTo directory: String, home: String?) {
        for name in profiles.keys {
            guard let caFile = profiles[name]?.settings.caFile?.expandingTilde(home: home) else { continue }
            profiles[name]?.settings.caFile = caFile.hasPrefix("/") ? caFile : directory + "/" + caFile
        }
    }
}

private extension String {
    func expandingTilde(home: String?) -> String {
        guard hasPrefix("~/"), let home, !home.isEmpty else { return self }
        return home + dropFirst()
    }
}
