import Testing
@testable import ElementShellKit
@testable import MatrixClient

@Suite struct RoomAddressTests {
    @Test(arguments: [
        ("#general:example.org", RoomAddress(idOrAlias: "#general:example.org")),
        ("!abc:example.org", RoomAddress(idOrAlias: "!abc:example.org")),
        ("!AbCdEfGh12345", RoomAddress(idOrAlias: "!AbCdEfGh12345")),
        ("https://matrix.to/#/%23general%3Aexample.org", RoomAddress(idOrAlias: "#general:example.org")),
        ("https://matrix.to/#/!abc:example.org?via=example.org&via=other.net", RoomAddress(idOrAlias: "!abc:example.org", via: ["example.org", "other.net"])),
        ("https://matrix.to/#/!abc:example.org/$event?via=x.org", RoomAddress(idOrAlias: "!abc:example.org", via: ["x.org"])),
        ("matrix:r/general:example.org", RoomAddress(idOrAlias: "#general:example.org")),
        ("matrix:roomid/abc:example.org?via=example.org", RoomAddress(idOrAlias: "!abc:example.org", via: ["example.org"])),
        ("matrix:roomid/AbCdEfGh/e/event?via=x.org", RoomAddress(idOrAlias: "!AbCdEfGh", via: ["x.org"])),
    ])
    func readsEveryForm(input: String, expected: RoomAddress) {
        #expect(RoomAddress(parsing: input) == expected)
    }

    @Test(arguments: ["general", "#general", "#:x", "@alice:example.org", "https://example.org/#/!abc:x", "matrix:u/alice:x", "! spaced", ""])
    func refusesWhatIsNotARoom(input: String) {
        #expect(RoomAddress(parsing: input) == nil)
    }
}
