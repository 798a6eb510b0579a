import Foundation

/// Names members by display name, adding the user ID where two share one, as the spec asks.
/// Names are compared as they look, not as they are spelt: "Bob" with a zero-width space or a
/// trailing blank is another "Bob", and a name that looks like a user ID gets the real one beside
/// it, so nobody passes for someone else in the timeline.
public enum MemberNames {
    public static func unique(_ members: [MemberRecord]) -> [String: String] {
        let counts = Dictionary(members.compactMap(\.displayName).map { (looks($0), 1) }, uniquingKeysWith: +)
        return Dictionary(uniqueKeysWithValues: members.map { member in
            guard let name = member.displayName, !looks(name).isEmpty else { return (member.userID, member.userID) }
            let isAmbiguous = counts[looks(name), default: 0] > 1 || looks(name).hasPrefix("@")
            return (member.userID, isAmbiguous ? "\(name) (\(member.userID))" : name)
        })
    }

    /// The name as it shows: without invisible format characters (zero-width spaces and joiners,
    /// direction marks, tags) and blanks at either end.
    static func looks(_ name: String) -> String {
        let visible = String(String.UnicodeScalarView(name.unicodeScalars.filter { $0.properties.generalCategory != .format }))
        return visible.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
