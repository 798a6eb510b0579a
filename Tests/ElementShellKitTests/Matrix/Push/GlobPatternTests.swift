import Testing
@testable import MatrixClient

/// The spec's glob examples, its word boundaries in `content.body`, property paths with escapes,
/// and patterns built to make a backtracking matcher take forever.
@Suite struct GlobPatternTests {
    @Test func aWholeValueMatchesAsTheSpecSays() {
        let pattern = GlobPattern("lunc?*")
        #expect(pattern.matchesWhole("Lunch plans") && pattern.matchesWhole("LUNCH"))
        #expect(!pattern.matchesWhole(" lunch"), "a leading space")
        #expect(!pattern.matchesWhole("lunc"), "? needs a character")
        #expect(GlobPattern("m.notice").matchesWhole("m.notice") && !GlobPattern("m.notice").matchesWhole("m.notices"))
        #expect(GlobPattern("").matchesWhole("") && !GlobPattern("").matchesWhole("a"))
        #expect(GlobPattern("*").matchesWhole(""))
    }

    @Test func aBodyMatchesBetweenWordBoundaries() {
        let pattern = GlobPattern("ex*ple")
        #expect(pattern.matchesWords(in: "An example event."))
        #expect(pattern.matchesWords(in: "exple"), "at the body's start and end")
        #expect(pattern.matchesWords(in: "An exciting triple-whammy"), "across words; - separates them")
        #expect(!pattern.matchesWords(in: "An examples event"), "ends inside a word")
        let cake = GlobPattern("cake")
        #expect(cake.matchesWords(in: "Is there CAKE?") && cake.matchesWords(in: "cake_"  .replacingOccurrences(of: "_", with: "!")))
        #expect(!cake.matchesWords(in: "pancakes") && !cake.matchesWords(in: "cake_time"), "_ is part of a word")
        #expect(GlobPattern("@room").matchesWords(in: "hey @room, lunch"))
    }

    @Test func aDisplayNameIsMatchedAsItIsNotAsAGlob() {
        #expect(GlobPattern.literal("A*B").matchesWords(in: "ping a*b now"))
        #expect(!GlobPattern.literal("A*B").matchesWords(in: "ping axxb now"))
    }

    @Test func keysUnescapeDotsAndBackslashes() {
        #expect(PropertyPath("content.m\\.mentions.user_ids").names == ["content", "m.mentions", "user_ids"])
        #expect(PropertyPath("a\\\\b.c").names == ["a\\b", "c"])
        #expect(PropertyPath("type").names == ["type"])
        #expect(PropertyPath("a\\x").names == ["a\\x"], "a backslash before anything else stands for itself")
    }

    /// Stars and question marks that would send a backtracking matcher through every split of a
    /// 16 KiB body: here one pass each (the benchmark times it).
    @Test func pathologicalPatternsEndAndSayNo() {
        let body = String(repeating: "a", count: 16_384)
        #expect(!GlobPattern(String(repeating: "*a", count: 200) + "*b").matchesWords(in: body))
        #expect(!GlobPattern(String(repeating: "?", count: 300) + "b").matchesWhole(body))
        #expect(GlobPattern(String(repeating: "*", count: 10_000) + "a").matchesWhole(body), "a run of stars is one star")
        #expect(!GlobPattern(String(repeating: "a", count: 100_000)).matchesWords(in: "a"), "a huge pattern is cut, and finds nothing")
        // Past the quick test that each literal character is there in order, the automaton
        // runs: 8,000 words, a start at each.
        #expect(!GlobPattern(String(repeating: "*a", count: 200) + "*b?").matchesWords(in: String(repeating: "a ", count: 8_000) + "b"))
    }
}
