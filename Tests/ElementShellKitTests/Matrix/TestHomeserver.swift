import Foundation

/// The real homeserver the test scripts start, described by environment variables. `nil` when
/// they are absent, so integration suites switch themselves off under a plain `swift test`.
struct TestHomeserver: Sendable {
    var url: URL
    var serverName: String
    var users: [String]
    var password: String

    static let current: TestHomeserver? = {
        let environment = ProcessInfo.processInfo.environment
        guard let address = environment["ELEMENT_SHELL_TEST_HOMESERVER"], let url = URL(string: address),
              let password = environment["ELEMENT_SHELL_TEST_PASSWORD"] else { return nil }
        let users = (environment["ELEMENT_SHELL_TEST_USERS"] ?? "alice,bob,carol,dave,erin,frank,grace,heidi,ivan")
            .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        return TestHomeserver(url: url, serverName: environment["ELEMENT_SHELL_TEST_SERVER_NAME"] ?? url.host ?? "localhost",
                              users: users, password: password)
    }()

    func user(_ index: Int) -> String { users[index % users.count] }
}
