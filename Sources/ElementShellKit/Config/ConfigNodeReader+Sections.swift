import MatrixClient
import Yams

/// The config file's schema: which keys each section has and what each value must look like.
extension ConfigNodeReader {
    mutating func config(_ root: Node) -> RawConfig {
        var raw = RawConfig()
        for (field, value) in fields(of: root, at: "", as: RawConfig.Field.self) ?? [] {
            let path = field.rawValue
            switch field {
            case .defaultProfile:
                raw.defaultProfile = text(value, at: path)
                    .map { Located(value: $0, position: SourcePosition(value.mark)) }
            case .settings:
                raw.settings = settings(value, at: path)
            case .homeservers:
                raw.homeservers = (entries(of: value, at: path) ?? []).compactMap { name, entry in
                    homeserver(named: name, entry, at: path.appendingKey(name.value))
                }
            case .profiles:
                raw.profiles = (entries(of: value, at: path) ?? []).compactMap { name, entry in
                    profile(named: name, entry, at: path.appendingKey(name.value))
                }
            }
        }
        return raw
    }

    mutating func settings(_ node: Node, at path: String) -> RawSettings {
        var raw = RawSettings()
        for (key, value) in fields(of: node, at: path, as: Settings.Key.self) ?? [] {
            let keyPath = path.appendingKey(key.rawValue)
            guard case .some(let text) = optionalText(value, at: keyPath, expected: key.expectedValue) else { continue }
            if let setting = SettingValue(key: key, text: text ?? "") {
                raw.values[key] = setting
            } else {
                log.report(.invalidValue(key: keyPath, value: text ?? "", expected: key.expectedValue), at: value.mark)
            }
        }
        return raw
    }

    /// nil when the entry is not a mapping: it is then left out rather than reported again as empty.
    mutating func homeserver(named name: Located<String>, _ node: Node, at path: String) -> RawHomeserverEntry? {
        guard let fields = fields(of: node, at: path, as: RawHomeserverEntry.Field.self) else { return nil }
        var raw = RawHomeserverEntry(name: name)
        for (field, value) in fields {
            let keyPath = path.appendingKey(field.rawValue)
            switch field {
            case .serverName:
                raw.serverName = optionalValue(value, at: keyPath, expected: .serverName, valid: ServerName.isValid)
            case .url:
                raw.url = optionalValue(value, at: keyPath, expected: .url, valid: WebURL.isValid)
            }
        }
        return raw
    }

    /// nil when the profile is not a mapping, so a mistyped profile does not become a new one.
    mutating func profile(named name: Located<String>, _ node: Node, at path: String) -> RawProfile? {
        guard let fields = fields(of: node, at: path, as: RawProfile.Field.self) else { return nil }
        var raw = RawProfile(name: name)
        for (field, value) in fields {
            let keyPath = path.appendingKey(field.rawValue)
            let position = SourcePosition(value.mark)
            switch field {
            case .appName:
                raw.appName = text(value, at: keyPath)
            case .defaultHomeserver:
                raw.defaultHomeserver = text(value, at: keyPath).map { Located(value: $0, position: position) }
            case .developmentHomeserver:
                raw.developmentHomeserver = optionalText(value, at: keyPath)
                    .map { Located(value: $0, position: position) }
            case .homeservers:
                raw.homeservers = names(value, at: keyPath)
            case .promptFormat:
                raw.promptFormat = promptFormat(value, at: keyPath)
            case .accentColor:
                raw.accentColor = self.value(value, at: keyPath, expected: .color, parse: TerminalColor.init(parsing:))
            case .websiteURL:
                raw.websiteURL = self.value(value, at: keyPath, expected: .url) { WebURL.isValid($0) ? $0 : nil }
            case .developer:
                raw.developer = developer(value, at: keyPath)
            case .oidc:
                raw.oidc = oidc(value, at: keyPath)
            case .settings:
                raw.settings = settings(value, at: keyPath)
            }
        }
        return raw
    }

    private mutating func developer(_ node: Node, at path: String) -> RawDeveloperOptions {
        var raw = RawDeveloperOptions()
        for (field, value) in fields(of: node, at: path, as: RawDeveloperOptions.Field.self) ?? [] {
            raw.flags[field] = bool(value, at: path.appendingKey(field.rawValue))
        }
        return raw
    }

    private mutating func oidc(_ node: Node, at path: String) -> RawOIDCOptions {
        var raw = RawOIDCOptions()
        for (field, value) in fields(of: node, at: path, as: RawOIDCOptions.Field.self) ?? [] {
            let keyPath = path.appendingKey(field.rawValue)
            switch field {
            case .clientURI: raw.clientURI = optionalValue(value, at: keyPath, expected: .url, valid: WebURL.isValid)
            case .logoURI: raw.logoURI = optionalValue(value, at: keyPath, expected: .url, valid: WebURL.isValid)
            case .termsOfServiceURI: raw.termsOfServiceURI = optionalValue(value, at: keyPath, expected: .url, valid: WebURL.isValid)
            case .policyURI: raw.policyURI = optionalValue(value, at: keyPath, expected: .url, valid: WebURL.isValid)
            case .staticRegistrations:
                raw.staticRegistrations = entries(of: value, at: keyPath).map { entries in
                    Dictionary(entries.compactMap { name, clientID in
                        text(clientID, at: keyPath.appendingKey(name.value)).map { (name.value, $0) }
                    }) { _, last in last }
                }
            }
        }
        return raw
    }

    /// A prompt format, refused when it uses a placeholder that does not exist (reported by its first one).
    private mutating func promptFormat(_ node: Node, at path: String) -> String? {
        guard let format = text(node, at: path, expected: .promptFormat) else { return nil }
        if let unknown = PromptPlaceholder.unknownTokens(in: format).first {
            log.report(.invalidValue(key: path, value: unknown, expected: .promptFormat), at: node.mark)
            return nil
        }
        return format
    }

    /// Text that `valid` accepts, or `.some(nil)` for `~`.
    private mutating func optionalValue(
        _ node: Node, at path: String, expected: ExpectedValue, valid: (String) -> Bool
    ) -> String?? {
        guard case .some(let text) = optionalText(node, at: path, expected: expected) else { return nil }
        guard let text else { return .some(nil) }
        guard valid(text) else {
            log.report(.invalidValue(key: path, value: text, expected: expected), at: node.mark)
            return nil
        }
        return text
    }
}
