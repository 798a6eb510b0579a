import Foundation
import MatrixCrypto
import MatrixJSON
import Synchronization
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// Two verification centers over memory: requests, SAS, the MAC check and what it makes
/// trusted, cancellation and timeouts, and input that must never verify anything.
@Suite struct VerificationCenterTests {
    let directory = TemporaryDirectory()
    let server = MemoryKeysServer()
    let rooms = MemoryRooms()
    let clock = TestClock(startingAt: Self.now)
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// One device with its center; `sync()` hands it what arrived for it since the last one.
    struct Device {
        let center: VerificationCenter
        let machine: CryptoMachine
        let store: StoreWriter
        let address: DeviceAddress
        let server: MemoryKeysServer
        let rooms: MemoryRooms
        let reports: Reports

        func sync() async {
            let toDevice = await server.takeInbox(of: address)
            let roomEvents = await rooms.unread(by: "\(address.userID) \(address.deviceID)")
            await center.receive(toDevice: toDevice, rooms: roomEvents)
        }

        var last: VerificationSummary? { reports.all.last }
    }

    /// What a center reported, and a way to wait for a report without a timer.
    final class Reports: Sendable {
        private typealias Waiter = (isMet: @Sendable ([VerificationSummary]) -> Bool, continuation: CheckedContinuation<Void, Never>)
        private let state = Mutex<(all: [VerificationSummary], waiters: [Waiter])>(([], []))
        var all: [VerificationSummary] { state.withLock { $0.all } }

        func add(_ summary: VerificationSummary) {
            let ready = state.withLock { state in
                state.all.append(summary)
                let all = state.all
                defer { state.waiters.removeAll { $0.isMet(all) } }
                return state.waiters.filter { $0.isMet(all) }
            }
            ready.forEach { $0.continuation.resume() }
        }

        func wait(until isMet: @escaping @Sendable ([VerificationSummary]) -> Bool) async {
            await withCheckedContinuation { continuation in
                let metNow = state.withLock { state in
                    if isMet(state.all) { return true }
                    state.waiters.append((isMet, continuation))
                    return false
                }
                if metNow { continuation.resume() }
            }
        }
    }

    func device(_ userID: String, _ deviceID: String) async throws -> Device {
        let store = try StoreWriter(url: directory.url.appending(path: "\(userID)-\(deviceID)/store.sqlite"))
        let keys = server.service(userID: userID, deviceID: deviceID)
        let machine = try await CryptoMachine(userID: userID, deviceID: deviceID, store: store, keys: keys,
                                              trust: server.trustService(userID: userID), cipher: PickleCipher(key: Data(repeating: 7, count: 32)))
        try await machine.publishKeys(oneTimeKeyCounts: nil, unusedFallbackKeyTypes: nil)
        let transport = MemoryVerificationTransport(keys: keys, rooms: rooms, userID: userID, now: { Self.now })
        let center = VerificationCenter(crypto: machine, transport: transport, clock: clock)
        let reports = Reports()
        await center.onChange { reports.add($0) }
        return Device(center: center, machine: machine, store: store, address: DeviceAddress(userID: userID, deviceID: deviceID),
                      server: server, rooms: rooms, reports: reports)
    }

    /// Two sessions of alice: the laptop asked, the phone accepted, both show the emoji.
    func ownDevicesComparingEmoji() async throws -> (laptop: Device, phone: Device) {
        let laptop = try await device("@alice:hs", "LAPTOP")
        let phone = try await device("@alice:hs", "PHONE")
        _ = try await laptop.center.requestOwnDevices()
        await phone.sync()
        _ = try await phone.center.accept(nil)
        await exchange(laptop, phone)
        return (laptop, phone)
    }

    /// Syncs both sides until neither has news (each round trip is one sync per side).
    func exchange(_ a: Device, _ b: Device, rounds: Int = 6) async {
        for _ in 0..<rounds {
            await a.sync()
            await b.sync()
        }
    }

    func isVerified(_ deviceID: String, of userID: String, by device: Device) async throws -> Bool {
        try await device.store.devices(of: [userID]).first { $0.deviceID == deviceID }?.isVerified == true
    }

    @Test func ownDevicesVerifyEachOtherByEmojiToDevice() async throws {
        let laptop = try await device("@alice:hs", "LAPTOP")
        let phone = try await device("@alice:hs", "PHONE")

        let request = try await laptop.center.requestOwnDevices()
        #expect(request.state == .requested)
        await phone.sync()
        let incoming = try #require(phone.last)
        #expect(incoming.state == .incoming && incoming.isOwnUser && incoming.otherDeviceID == "LAPTOP")

        _ = try await phone.center.accept(nil)
        await exchange(laptop, phone)
        let laptopSees = try #require(laptop.last), phoneSees = try #require(phone.last)
        #expect(laptopSees.state == .comparing && phoneSees.state == .comparing)
        #expect(laptopSees.emojiIndices?.count == 7)
        #expect(laptopSees.emojiIndices == phoneSees.emojiIndices, "both screens show the same emoji")
        #expect(laptopSees.decimals == phoneSees.decimals)

        _ = try await laptop.center.confirm(nil)
        _ = try await phone.center.confirm(nil)
        await exchange(laptop, phone)
        #expect(laptop.last?.state == .done && phone.last?.state == .done)
        #expect(try await isVerified("PHONE", of: "@alice:hs", by: laptop))
        #expect(try await isVerified("LAPTOP", of: "@alice:hs", by: phone))
    }

    /// The user's confirmation and the other side's MAC may be taken at the same time (a sync
    /// under way as the command runs): whichever checks the keys, the other must not cancel.
    @Test(arguments: 0..<10) func aConfirmationRacingTheirMACStillVerifies(round: Int) async throws {
        let (laptop, phone) = try await ownDevicesComparingEmoji()
        _ = try await phone.center.confirm(nil)
        async let confirmed = laptop.center.confirm(nil)
        async let synced: Void = laptop.sync()
        _ = try await (confirmed, synced)
        await exchange(laptop, phone)
        #expect(laptop.last?.state == .done && phone.last?.state == .done)
    }

    @Test func aMismatchCancelsBothSidesAndVerifiesNothing() async throws {
        let (laptop, phone) = try await ownDevicesComparingEmoji()

        _ = try await laptop.center.confirm(nil)
        _ = try await phone.center.mismatch(nil)
        await exchange(laptop, phone)
        #expect(phone.last?.state == .cancelled(.mismatchedSAS, byUs: true))
        #expect(laptop.last?.state == .cancelled(.mismatchedSAS, byUs: false))
        #expect(try await !isVerified("PHONE", of: "@alice:hs", by: laptop))
        #expect(try await !isVerified("LAPTOP", of: "@alice:hs", by: phone))
    }

    @Test func anotherUserIsVerifiedInTheirDirectChat() async throws {
        let alice = try await device("@alice:hs", "A1")
        let bob = try await device("@bob:hs", "B1")
        let request = try await alice.center.request(userID: "@bob:hs", inRoom: "!dm:hs")
        #expect(request.roomID == "!dm:hs")
        await bob.sync()
        #expect(bob.last?.state == .incoming)
        _ = try await bob.center.accept(nil)
        await exchange(alice, bob)
        #expect(alice.last?.emojiIndices != nil && alice.last?.emojiIndices == bob.last?.emojiIndices)
        _ = try await bob.center.confirm(nil)
        _ = try await alice.center.confirm(nil)
        await exchange(alice, bob)
        #expect(alice.last?.state == .done && bob.last?.state == .done)
        #expect(try await isVerified("B1", of: "@bob:hs", by: alice))
        #expect(try await isVerified("A1", of: "@alice:hs", by: bob))
    }

    @Test func anUnansweredRequestTimesOutAndTellsTheOtherSide() async throws {
        let laptop = try await device("@alice:hs", "LAPTOP")
        let phone = try await device("@alice:hs", "PHONE")
        _ = try await laptop.center.requestOwnDevices()
        await phone.sync()
        #expect(phone.last?.state == .incoming)
        // The request to the phone is dismissed after two minutes there; the laptop waits ten.
        await clock.sleepers(atLeast: 3)
        clock.advance(by: .seconds(121))
        await phone.reports.wait { $0.last?.state == .cancelled(.timeout, byUs: true) }
        await laptop.sync()
        #expect(laptop.last?.state == .cancelled(.timeout, byUs: false))
    }

    @Test func aStepOfAnUnknownVerificationIsAnsweredWithUnknownTransaction() async throws {
        let laptop = try await device("@alice:hs", "LAPTOP")
        let phone = try await device("@alice:hs", "PHONE")
        try await server.service(userID: "@alice:hs", deviceID: "PHONE").sendToDevice(
            type: "m.key.verification.key", transactionID: "t", messages: ["@alice:hs": ["LAPTOP": ["transaction_id": "nope", "key": "abc"]]])
        await laptop.sync()
        let answer = await server.takeInbox(of: phone.address)
        #expect(answer.map(\.type) == ["m.key.verification.cancel"])
        #expect(answer.first?.content["code"]?.string == "m.unknown_transaction")
        #expect(answer.first?.content["transaction_id"]?.string == "nope")
        #expect(laptop.reports.all.isEmpty)
    }
}
