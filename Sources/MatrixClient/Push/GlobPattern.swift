/// A push rule's glob (spec appendix "Glob-style matching"): `*` matches any run of characters,
/// `?` exactly one, everything else itself, case-insensitively. Matched as a small automaton, one
/// pass over the text whatever the pattern: a pattern of many stars (`*a*a*a*…`) cannot make a
/// sender's message take quadratic time, as backtracking would.
public struct GlobPattern: Sendable, Equatable {
    private enum Token: Sendable, Equatable {
        case any
        case one
        case literal(Unicode.Scalar)
    }

    /// Longer patterns are cut: no keyword a person types is longer, and the work per character
    /// of text grows with the pattern.
    public static let maximumLength = 512

    private let tokens: [Token]
    /// The literal characters in order, which any text it matches holds in that order.
    private let needed: [Unicode.Scalar]
    /// The literal text when the pattern has no wildcard: matched by search, not the automaton.
    private let literal: [Unicode.Scalar]?
    /// A literal of letters, digits and `_` only matches a whole word: looked up among the text's.
    private let wordHash: Int?

    /// A pattern that matches `text` itself, wildcards and all: a display name is not a glob.
    public static func literal(_ text: String) -> GlobPattern {
        GlobPattern(tokens: folded(text).prefix(maximumLength).map(Token.literal))
    }

    private init(tokens: [Token]) {
        self.tokens = tokens
        let literal = tokens.compactMap { if case .literal(let scalar) = $0 { scalar } else { nil } }
        needed = literal
        self.literal = literal
        wordHash = Self.wordHash(of: literal)
    }

    public init(_ pattern: String) {
        var tokens: [Token] = []
        for scalar in Self.folded(pattern).prefix(Self.maximumLength) {
            switch scalar {
            // Runs of stars are one star.
            case "*": if tokens.last != .any { tokens.append(.any) }
            case "?": tokens.append(.one)
            default: tokens.append(.literal(scalar))
            }
        }
        self.tokens = tokens
        needed = tokens.compactMap { if case .literal(let scalar) = $0 { scalar } else { nil } }
        literal = tokens.allSatisfy { if case .literal = $0 { true } else { false } }
            ? tokens.compactMap { if case .literal(let scalar) = $0 { scalar } else { nil } } : nil
        wordHash = literal.flatMap(Self.wordHash)
    }

    /// The hash `FoldedText` keeps of each of its words, for a literal that can only be one.
    private static func wordHash(of literal: [Unicode.Scalar]) -> Int? {
        guard !literal.isEmpty, literal.allSatisfy(isWordCharacter) else { return nil }
        return FoldedText.hash(literal[...])
    }

    /// Whether the pattern matches all of `text`.
    public func matchesWhole(_ text: String) -> Bool {
        // Most values rules look at (`type`, `msgtype`) are short ASCII: compared as they are.
        if let literal, text.utf8.allSatisfy({ $0 < 0x80 }) {
            return text.utf8.count == literal.count
                && zip(text.utf8, literal).allSatisfy { byte, expected in Unicode.Scalar(Self.lowercasedASCII(byte)) == expected }
        }
        let scalars = Self.folded(text)
        if let literal { return scalars == literal }
        guard containsInOrder(scalars) else { return false }
        return run(over: scalars, startsAt: { $0 == 0 }, endsAt: { $0 == scalars.count }, startsOnlyFirst: true)
    }

    /// Whether the pattern matches a part of `text` that starts and ends at word boundaries: the
    /// text's ends, or next to a character other than a letter, a digit or `_` (`content.body`).
    public func matchesWords(in text: String) -> Bool {
        matchesWords(in: FoldedText(text))
    }

    /// As `matchesWords(in:)`, for text folded once for every rule that reads it.
    func matchesWords(in text: FoldedText) -> Bool {
        let scalars = text.scalars
        guard let literal else {
            guard containsInOrder(scalars) else { return false }
            return run(over: scalars, startsAt: text.isBoundary, endsAt: text.isBoundary, startsOnlyFirst: false)
        }
        guard let first = literal.first else { return true }
        guard literal.count <= scalars.count else { return false }
        if let wordHash, !text.mayHaveWord(hashed: wordHash) { return false }
        for start in 0...(scalars.count - literal.count) where scalars[start] == first && text.isBoundary(start) && text.isBoundary(start + literal.count) {
            if scalars[start..<(start + literal.count)].elementsEqual(literal) { return true }
        }
        return false
    }

    /// Whether the pattern's literal characters occur in `scalars` in their order: every match
    /// needs it, and most texts fail it in one pass, before the automaton runs.
    private func containsInOrder(_ scalars: [Unicode.Scalar]) -> Bool {
        var next = 0
        guard !needed.isEmpty else { return true }
        for scalar in scalars where scalar == needed[next] {
            next += 1
            if next == needed.count { return true }
        }
        return false
    }

    /// The pattern as a set of positions reached, moved along the text one character at a time;
    /// a match may start where `startsAt` allows and must end where `endsAt` does; with
    /// `startsOnlyFirst`, nowhere but at the first character, so a dead automaton ends the run.
    private func run(over scalars: [Unicode.Scalar], startsAt: (Int) -> Bool, endsAt: (Int) -> Bool, startsOnlyFirst: Bool) -> Bool {
        var reached = [Bool](repeating: false, count: tokens.count + 1)
        var next = reached
        for index in 0...scalars.count {
            if startsAt(index) { reached[0] = true }
            // A star may match nothing: what reaches it reaches past it too.
            for position in 0..<tokens.count where reached[position] && tokens[position] == .any { reached[position + 1] = true }
            if reached[tokens.count], endsAt(index) { return true }
            guard index < scalars.count else { break }
            let scalar = scalars[index]
            for position in next.indices { next[position] = false }
            var alive = false
            for position in 0..<tokens.count where reached[position] {
                switch tokens[position] {
                case .any: next[position] = true
                case .one: next[position + 1] = true
                case .literal(let expected): if expected == scalar { next[position + 1] = true }
                }
                alive = alive || next[position] || next[position + 1]
            }
            swap(&reached, &next)
            if !alive, startsOnlyFirst { return false }
        }
        return false
    }

    /// Lowercased, as Unicode scalars: the spec leaves "case-insensitive" to the implementation.
    static func folded(_ text: String) -> [Unicode.Scalar] {
        Array(text.lowercased().unicodeScalars)
    }

    private static func lowercasedASCII(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
    }

    static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x5F: true
        default: false
        }
    }
}

/// Text as the patterns read it: folded, with a filter of its words, made in one pass for every
/// rule that reads it.
struct FoldedText: Sendable {
    let scalars: [Unicode.Scalar]
    /// A 256-bit Bloom filter of the words' hashes: a keyword whose bit is clear is not there.
    private var wordBits: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    init(_ text: String, limit: Int = .max) {
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(min(text.utf8.count, limit))
        for scalar in text.unicodeScalars {
            guard scalars.count < limit else { break }
            if scalar.isASCII {
                scalars.append((0x41...0x5A).contains(scalar.value) ? Unicode.Scalar(scalar.value + 0x20)! : scalar)
            } else {
                scalars.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
            }
        }
        if scalars.count > limit { scalars.removeLast(scalars.count - limit) }
        var wordStart: Int?
        for index in 0...scalars.count {
            let inWord = index < scalars.count && GlobPattern.isWordCharacter(scalars[index])
            if inWord, wordStart == nil { wordStart = index }
            if !inWord, let start = wordStart {
                Self.set(Self.hash(scalars[start..<index]), in: &wordBits)
                wordStart = nil
            }
        }
        self.scalars = scalars
    }

    /// Whether a word starts or ends at `index` (from 0 to the end).
    func isBoundary(_ index: Int) -> Bool {
        index == 0 || index == scalars.count || !GlobPattern.isWordCharacter(scalars[index - 1]) || !GlobPattern.isWordCharacter(scalars[index])
    }

    func mayHaveWord(hashed hash: Int) -> Bool {
        var bits = wordBits
        let before = bits
        Self.set(hash, in: &bits)
        return bits == before
    }

    private static func set(_ hash: Int, in bits: inout (UInt64, UInt64, UInt64, UInt64)) {
        let bit = UInt64(1) << UInt64(hash & 63)
        switch (hash >> 6) & 3 {
        case 0: bits.0 |= bit
        case 1: bits.1 |= bit
        case 2: bits.2 |= bit
        default: bits.3 |= bit
        }
    }

    /// FNV-1a: cheap for short words, and a collision only costs the search it would have saved.
    static func hash(_ word: ArraySlice<Unicode.Scalar>) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for scalar in word { hash = (hash ^ UInt64(scalar.value)) &* 0x100_0000_01b3 }
        return Int(truncatingIfNeeded: hash)
    }
}
