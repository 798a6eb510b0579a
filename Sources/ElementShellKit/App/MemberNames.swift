import Foundation
import MatrixClient

/// Names members by display name, adding the user ID where two share one, as the spec asks.
/// Names are compared as they look, not as they are spelt: "Bob" with a zero-width space or a
/// trailing blank is another "Bob", and a name that looks like a user ID gets the real one beside
/// it, so nobody passes for someone else in the timeline.
public enum MemberNames {
    public static func unique(_ members: [MemberRecord]) -> [String: String] {
        let looking = members.map { $0.displayName.map(looks) ?? "" }
        let counts = Dictionary(looking.filter { !$0.isEmpty }.map { ($0, 1) }, uniquingKeysWith: +)
        return Dictionary(uniqueKeysWithValues: zip(members, looking).map { member, look in
            guard let name = member.displayName, !look.isEmpty else { return (member.userID, member.userID) }
            let isAmbiguous = counts[look, default: 0] > 1 || look.hasPrefix("@")
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
