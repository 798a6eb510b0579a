/// A push rule's glob (spec appendix "Glob-style matching"): `*` matches any run of characters,
/// `?` exactly one, everything else itself, case-insensitively. Matched as a small automaton, one
/// pass over the text whatever the pattern: a pattern of many stars (`*a*a*a*…`) cannot make a
/// sender's message take quadratic time, as backtracking would.
public struct GlobPattern: Sendable, Equatable {
    fileprivate enum Token: Sendable, Equatable {
        case any
        case one
        case literal(Unicode.Scalar)
    }

    /// Longer patterns are cut: no keyword a person types is longer, and the work per character
    /// of text grows with the pattern.
    public static let maximumLength = 512

    /// What the pattern was compiled to, in one box: rules are read for every event, and a
    /// pattern copied as one reference costs one retain, not one per array.
    private final class Compiled: Sendable, Equatable {
        let tokens: [Token]
        /// The literal characters in order, which any text it matches holds in that order.
        let needed: [Unicode.Scalar]
        /// The literal text when the pattern has no wildcard: matched by search, not the automaton.
        let literal: [Unicode.Scalar]?
        /// A word any text it matches has whole (a literal's, between non-word characters or
        /// its ends): looked up among the text's words first.
        let wordHash: Int?
        /// How many literal characters the pattern starts with.
        let prefixLength: Int

        init(tokens: [Token]) {
            self.tokens = tokens
            needed = tokens.compactMap { if case .literal(let scalar) = $0 { scalar } else { nil } }
            prefixLength = tokens.prefix { if case .literal = $0 { true } else { false } }.count
            literal = needed.count == tokens.count ? needed : nil
            wordHash = literal.flatMap(Self.wholeWordHash)
        }

        /// Every run of word characters in a literal is a whole word of the text where it
        /// matches, since a match starts and ends at word boundaries; the longest says most.
        private static func wholeWordHash(in literal: [Unicode.Scalar]) -> Int? {
            let runs = literal.split { !GlobPattern.isWordCharacter($0) }
            return runs.max { $0.count < $1.count }.map(FoldedText.hash)
        }

        static func == (left: Compiled, right: Compiled) -> Bool {
            left.tokens == right.tokens
        }
    }

    private let compiled: Compiled

    /// A pattern that matches `text` itself, wildcards and all: a display name is not a glob.
    public static func literal(_ text: String) -> GlobPattern {
        GlobPattern(compiled: Compiled(tokens: folded(text).prefix(maximumLength).map(Token.literal)))
    }

    private init(compiled: Compiled) {
        self.compiled = compiled
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
        compiled = Compiled(tokens: tokens)
    }

    private var tokens: [Token] { compiled.tokens }
    private var needed: [Unicode.Scalar] { compiled.needed }
    private var literal: [Unicode.Scalar]? { compiled.literal }
    private var wordHash: Int? { compiled.wordHash }

    /// Whether the pattern matches all of `text`.
    public func matchesWhole(_ text: String) -> Bool {
        // Most values rules look at (`type`, `msgtype`) are short ASCII: compared as they are.
        if let literal, let decided = Self.asciiComparison(of: text, with: literal) { return decided }
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
            let prefix = compiled.prefixLength
            guard prefix > 0, prefix <= scalars.count else {
                return run(over: scalars, startsAt: text.isBoundary, endsAt: text.isBoundary, startsOnlyFirst: false)
            }
            // A pattern that starts with letters starts where the text has them at a word's start:
            // the automaton runs from those places only, each run ending once it dies.
            let first = needed[0]
            for start in 0...(scalars.count - prefix) where scalars[start] == first && text.isBoundary(start)
                && scalars[start..<(start + prefix)].elementsEqual(needed[..<prefix]) {
                if run(over: scalars, from: start, startsAt: { $0 == start }, endsAt: text.isBoundary, startsOnlyFirst: true) { return true }
            }
            return false
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
    private func run(over scalars: [Unicode.Scalar], from first: Int = 0, startsAt: (Int) -> Bool, endsAt: (Int) -> Bool,
                     startsOnlyFirst: Bool) -> Bool {
        var reached = [Bool](repeating: false, count: tokens.count + 1)
        var next = reached
        for index in first...scalars.count {
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

    /// `text` against a literal, where ASCII decides: `nil` once a character that is not ASCII
    /// comes before the answer, whose folding the slow way must judge.
    private static func asciiComparison(of text: String, with literal: [Unicode.Scalar]) -> Bool? {
        var index = 0
        for byte in text.utf8 {
            guard byte < 0x80 else { return nil }
            guard index < literal.count, Unicode.Scalar(lowercasedASCII(byte)) == literal[index] else { return false }
            index += 1
        }
        return index == literal.count
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
        // Most messages are ASCII: folded byte by byte, their words hashed in the same pass.
        var text = text
        if let ascii = text.withUTF8({ Self.foldedASCII($0, limit: limit) }) {
            self = ascii
            return
        }
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

    private init(scalars: [Unicode.Scalar], wordBits: (UInt64, UInt64, UInt64, UInt64)) {
        self.scalars = scalars
        self.wordBits = wordBits
    }

    /// `bytes` folded, when they are all ASCII; each word hashed as `hash` does, as it ends.
    private static func foldedASCII(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int) -> FoldedText? {
        guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
        let count = min(bytes.count, limit)
        var wordBits: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        var wordHash: UInt64?
        let scalars = [Unicode.Scalar](unsafeUninitializedCapacity: count) { folded, initialized in
            for index in 0..<count {
                let byte = bytes[index]
                let scalar = Unicode.Scalar((0x41...0x5A).contains(byte) ? byte + 0x20 : byte)
                folded[index] = scalar
                if GlobPattern.isWordCharacter(scalar) {
                    wordHash = ((wordHash ?? hashBasis) ^ UInt64(scalar.value)) &* hashPrime
                } else if let hash = wordHash {
                    set(Int(truncatingIfNeeded: hash), in: &wordBits)
                    wordHash = nil
                }
            }
            if let hash = wordHash { set(Int(truncatingIfNeeded: hash), in: &wordBits) }
            initialized = count
        }
        return FoldedText(scalars: scalars, wordBits: wordBits)
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
        var hash = hashBasis
        for scalar in word { hash = (hash ^ UInt64(scalar.value)) &* hashPrime }
        return Int(truncatingIfNeeded: hash)
    }

    private static let hashBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    private static let hashPrime: UInt64 = 0x100_0000_01b3
}
