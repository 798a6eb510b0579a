/// Chat-like message text: sentences of common words, now and then with what real messages
/// carry and JSON must escape or encode (quotes, line breaks, accents, emoji).
enum MessageBodies {
    private static let words = """
        the a to and of I you it is that in for on this we be have with not are just was but so can \
        what about will if do at think like know get all meeting tomorrow release build test server \
        room message sync today yes no thanks please maybe later lunch coffee deploy fixed broken \
        review merge branch issue looks good great idea ok sure let me check again later tonight
        """.split(separator: " ").map(String.init)
    private static let extras = ["\"quoted\"", "line\nbreak", "café", "naïve", "👍", "🎉", "C:\\path", "50%", "<b>bold</b>", "tab\there"]

    static func body(random: inout SeededRandom) -> String {
        let count = Int.random(in: 2...24, using: &random)
        var parts = (0..<count).map { _ in random.element(of: words) }
        if Int.random(in: 0..<4, using: &random) == 0 {
            parts.insert(random.element(of: extras), at: Int.random(in: 0..<parts.count, using: &random))
        }
        return parts.joined(separator: " ").capitalizedFirst + "."
    }
}

private extension String {
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
