import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// `/directory`, its pages, and `/join N` of what it listed.
@MainActor
@Suite struct AppStateDirectoryTests {
    typealias Membership = AppStateMembershipTests

    @Test func pagesAreNumberedOnAndJoinedThroughTheServerListingThem() async throws {
        let asked = Recorder<String>(), joined = Recorder<RoomAddress>()
        var rooms = FakeRoomService()
        rooms.directoryPage = { server, search, token throws(MatrixError) in
            await asked.append("\(server ?? "-") \(search ?? "-") \(token ?? "-")")
            return token == nil
                ? RoomDirectoryPage(rooms: [SpaceRoom(roomID: "!a:other", name: "Cats", joinedMemberCount: 4), SpaceRoom(roomID: "!lobby:hs")],
                                    next: "p2", totalEstimate: 3)
                : RoomDirectoryPage(rooms: [SpaceRoom(roomID: "!c:other", canonicalAlias: "#dogs:other", joinRule: "knock")], next: nil)
        }
        rooms.joinRoom = { address throws(MatrixError) in
            await joined.append(address)
            return address.idOrAlias
        }
        let app = try await Membership().loggedIn(rooms)
        #expect(!(await app.state.run(line: "/directory --more")), "nothing to go on with yet")
        #expect(await app.state.run(line: "/directory pets --server other"))
        guard case .directory(.rooms(_, _, let first, 1, true, 3))? = app.log.outcomes.last else { Issue.record("\(app.log.outcomes)"); return }
        #expect(first.map(\.membership) == [nil, .join], "a room we are in says so")
        #expect(await app.state.run(line: "/directory --more"))
        guard case .directory(.rooms(_, _, let second, 3, false, nil))? = app.log.outcomes.last else { Issue.record("\(app.log.outcomes)"); return }
        #expect(second.map(\.roomID) == ["!c:other"])
        #expect(!(await app.state.run(line: "/directory --more")))
        #expect(app.log.failures == [.noMoreRooms, .noMoreRooms])
        #expect(await asked.values == ["other pets -", "other pets p2"])
        #expect(await app.state.run(line: "/join 3"))
        #expect(await joined.values == [RoomAddress(idOrAlias: "!c:other", via: ["other"])])
    }
}
