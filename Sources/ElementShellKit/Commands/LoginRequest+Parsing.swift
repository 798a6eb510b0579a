import MatrixClient

extension LoginRequest {
    /// Reads the words after the homeserver: at most one user, then at most one flag; only
    /// `--sso` takes a value, the provider's name, which may have spaces. `word` is the first
    /// (as the parser unquoted it), `rest` the line after it as typed (quotes group there too).
    init(homeserver: String, word: String?, rest: String?) throws(CommandParseError) {
        self.init(homeserver: homeserver)
        var tokenizer = ArgumentTokenizer(rest ?? "")
        var words: ArraySlice<String>
        do {
            words = (Array(word.map { [$0] } ?? []) + (try tokenizer.all()))[...]
        } catch {
            throw .unterminatedQuote(command: "login")
        }
        if let first = words.first, !first.hasPrefix("--") {
            user = first
            words = words.dropFirst()
        }
        guard let flag = words.popFirst() else { return }
        guard flag.hasPrefix("--"), let method = LoginMethod(rawValue: String(flag.dropFirst(2))) else { throw .usage(command: "login") }
        self.method = method
        guard !words.isEmpty else { return }
        guard method == .sso, !words.contains(where: { $0.hasPrefix("--") }) else { throw .usage(command: "login") }
        identityProvider = words.joined(separator: " ")
    }
}
