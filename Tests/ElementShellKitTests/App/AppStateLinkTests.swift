import Foundation
import Synchronization
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// `/links` numbers the open room's recent addresses, newest first, once each; `/link N` opens
/// the one so numbered in the browser, or prints it where there is none.
@MainActor
@Suite struct AppStateLinkTests {
    typealias Messaging = AppStateMessagingTests

    static var lobbyWithLinks: SyncResponse {
        var response = Messaging.lobby
        let html = SyncEvent(type: "m.room.message", eventID: "$html", sender: "@bob:hs", originServerTS: 2_003, content: [
            "msgtype": "m.text", "body": "the minutes", "format": "org.matrix.custom.html",
            "formatted_body": "<a href=\"https://minutes.example/7\">the minutes</a>",
        ])
        response.rooms.joined["!lobby:hs"]?.timeline.events += [
            Messaging.event("see https://a.example/one, https://b.example/two and https://c.example/3.", from: "@bob:hs", at: 2_000),
            Messaging.event("nothing here", from: "@bob:hs", at: 2_001),
            Messaging.event("again https://a.example/one", from: "@alice:example", at: 2_002),
            html,
        ]
        return response
    }

    @Test func linksListsTheNewestAddressesOnceAndLinkOpensOne() async throws {
        let opened = Mutex<[URL]>([])
        let browser = Mutex(true)
        let app = AppHarness(openInBrowser: { url in
            opened.withLock { $0.append(url) }
            return browser.withLock { $0 }
        }, sync: Messaging.firstSync(Self.lobbyWithLinks))
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.syncStatus == .live }
        await app.state.run(line: "/open Lobby")

        #expect(await app.state.run(line: "/links"))
        guard case .link(.listed(let links))? = app.log.outcomes.last else { Issue.record("\(app.log.outcomes)"); return }
        #expect(links.map(\.address.unsanitized) == ["https://minutes.example/7", "https://a.example/one", "https://b.example/two", "https://c.example/3"],
                "newest message first, each message's in the order written, each address once")
        #expect(links.map(\.number) == [1, 2, 3, 4])
        #expect(links.map(\.senderName.unsanitized) == ["Bob", "Alice", "Bob", "Bob"])

        #expect(await app.state.run(line: "/link 3"))
        browser.withLock { $0 = false }
        #expect(await app.state.run(line: "/link 1"))
        #expect(opened.withLock { $0 } == [URL(string: "https://b.example/two")!, URL(string: "https://minutes.example/7")!])
        #expect(app.log.outcomes.suffix(2) == [.link(.opened(address: "https://b.example/two", inBrowser: true)),
                                               .link(.opened(address: "https://minutes.example/7", inBrowser: false))])
        #expect(!(await app.state.run(line: "/link 5")))
        #expect(app.log.failures == [.unknownLink(number: 5, listed: 4)])
        let lines = TextRenderer(theme: HostileTextTests.plain).lines(for: Report(content: .result(command: "link", outcome: app.log.outcomes[app.log.outcomes.count - 2]), location: nil))
        #expect(lines == ["No browser to open it here; the address: https://minutes.example/7"])
    }

    @Test func linkWithoutAListingCountsAsOneMadeNowAndSaysWhenThereAreNone() async throws {
        let app = AppHarness(sync: Messaging.firstSync(Messaging.lobby))
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.syncStatus == .live }
        await app.state.run(line: "/open Lobby")
        #expect(!(await app.state.run(line: "/link 1")))
        #expect(app.log.failures == [.unknownLink(number: 1, listed: 0)])
        #expect(ErrorMessages.message(for: .unknownLink(number: 1, listed: 0))
            == "There is no link 1: the open room's recent messages hold no web addresses.")
        #expect(await app.state.run(line: "/links"))
        #expect(app.log.outcomes.last == .link(.listed([])))
    }
}
