/// The sync tokens a store held, looked at one time after another. Tokens are opaque, so "never
/// older" is checked as: there is always one, and it never goes back to one the store had already
/// moved on from, which is what a lost commit would look like.
struct SyncTokenHistory {
    private var seen: [String]

    init(first: String) {
        seen = [first]
    }

    /// Notes the token the store holds now; false when it has none or went back.
    mutating func take(_ token: String?) -> Bool {
        guard let token else { return false }
        if token == seen.last { return true }
        guard !seen.contains(token) else { return false }
        seen.append(token)
        return true
    }
}
