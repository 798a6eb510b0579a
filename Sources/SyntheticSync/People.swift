/// The users rooms draw their members from: Matrix IDs with display names.
struct People: Sendable {
    struct Person: Sendable {
        var userID: String
        var displayName: String
        var avatarURL: String
    }

    let all: [Person]

    init(count: Int, random: inout SeededRandom) {
        let given = ["Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Heidi", "Ivan", "Judy", "Mallory", "Niaj",
                     "Olivia", "Peggy", "Rupert", "Sybil", "Trent", "Victor", "Walter", "Zoë", "Jürgen", "Ana María", "Søren", "明"]
        let family = ["Smith", "Jones", "Müller", "García", "Kowalski", "Nguyen", "O'Brien", "Rossi", "Dubois", "Tanaka",
                      "Andersson", "Novák", "Silva", "Haddad", "Kim", "Ivanova"]
        all = (0..<count).map { index in
            Person(userID: "@user\(index):\(SyntheticSync.server)",
                   displayName: random.element(of: given) + " " + random.element(of: family),
                   avatarURL: "mxc://\(SyntheticSync.server)/" + random.identifier(length: 24))
        }
    }
}
