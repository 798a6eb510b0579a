/// Finds the user a membership command means: a Matrix ID as written, else the one member of the
/// open room whose name, or the local part of whose ID, is `text` (ignoring case).
enum MemberLookup {
    /// `names`: the open room's members by user ID, with their unique names.
    static func userID(for text: String, among names: [String: String]) -> String? {
        if text.hasPrefix("@"), text.contains(":") { return text }
        let lowered = text.lowercased()
        let matches = names.filter { $0.value.lowercased() == lowered || RoomName.localpart($0.key).lowercased() == lowered }
        return matches.count == 1 ? matches.first?.key : nil
    }
}
