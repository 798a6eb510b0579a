import Foundation

/// Links that mention a user: `https://matrix.to/#/@user:server` and `matrix:u/user:server`.
enum MentionLink {
    static func isMention(_ href: String) -> Bool {
        href.hasPrefix("https://matrix.to/#/@") || href.hasPrefix("https://matrix.to/#/%40") || href.hasPrefix("matrix:u/")
    }
}
