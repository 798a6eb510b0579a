import Foundation
import MatrixCrypto
import MatrixJSON
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// Verification messages that were forged, reordered, repeated or sent by a third device: each
/// ends the verification, and nothing is ever marked verified.
@Suite struct VerificationHostileInputTests {
    let base = VerificationCenterTests()

    /// Laptop asks, phone accepts; both then sync until the emoji are shown (or until `tamper`,
    /// which may rewrite what the laptop receives, stops it).
    func startFlow(tamperingWithLaptopInbox tamper: ([SyncEvent]) -> [SyncEvent] = { $0 })
        async throws -> (VerificationCenterTests.Device, VerificationCenterTests.Device) {
        let laptop = try await base.device("@alice:hs", "LAPTOP")
        let phone = try await base.device("@alice:hs", "PHONE")
        _ = try await laptop.center.requestOwnDevices()
        await phone.sync()
        _ = try await phone.center.accept(nil)
        for _ in 0..<6 {
            await laptop.center.receive(toDevice: tamper(await base.server.takeInbox(of: laptop.address)), rooms: [:])
            await phone.sync()
        }
        return (laptop, phone)
    }

    func expectNothingVerified(_ laptop: VerificationCenterTests.Device, _ phone: VerificationCenterTests.Device) async throws {
        #expect(try await !base.isVerified("PHONE", of: "@alice:hs", by: laptop))
        #expect(try await !base.isVerified("LAPTOP", of: "@alice:hs", by: phone))
    }

    func replacing(_ type: String, in events: [SyncEvent], _ change: (JSONValue) -> JSONValue) -> [SyncEvent] {
        events.map { event in
            guard event.type == type else { return event }
            var forged = event
            forged.content = change(event.content)
            return forged
        }
    }

    @Test func aKeyThatDoesNotMatchTheCommitmentCancels() async throws {
        let (laptop, phone) = try await startFlow { events in
            replacing("m.key.verification.key", in: events) { $0.adding("key", .string(SASKeyAgreement().publicKey)) }
        }
        #expect(laptop.last?.state == .cancelled(.mismatchedCommitment, byUs: true))
        #expect(phone.last?.state == .cancelled(.mismatchedCommitment, byUs: false))
        try await expectNothingVerified(laptop, phone)
    }

    @Test func aMACOverOtherKeysCancelsWithKeyMismatch() async throws {
        let (laptop, phone) = try await startFlow()
        #expect(laptop.last?.state == .comparing)
        _ = try await phone.center.confirm(nil)
        _ = try await laptop.center.confirm(nil)
        let forged = replacing("m.key.verification.mac", in: await base.server.takeInbox(of: laptop.address)) { content in
            let macs = content["mac"]?.object?.mapValues { _ in JSONValue.string("AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA") } ?? [:]
            return content.adding("mac", .object(macs))
        }
        await laptop.center.receive(toDevice: forged, rooms: [:])
        #expect(laptop.last?.state == .cancelled(.keyMismatch, byUs: true))
        #expect(try await !base.isVerified("PHONE", of: "@alice:hs", by: laptop))
        // The phone had the laptop's real MAC, which holds: its trust in the laptop is sound.
        await phone.sync()
        #expect(phone.last?.state == .cancelled(.keyMismatch, byUs: false))
    }

    @Test func aStartFromAThirdDeviceCancels() async throws {
        let laptop = try await base.device("@alice:hs", "LAPTOP")
        let phone = try await base.device("@alice:hs", "PHONE")
        _ = try await base.device("@alice:hs", "TABLET")
        let request = try await laptop.center.requestOwnDevices()
        await phone.sync()
        _ = try await phone.center.accept(nil)
        let start: JSONValue = [
            "transaction_id": .string(request.flowID), "from_device": "TABLET", "method": "m.sas.v1",
            "key_agreement_protocols": ["curve25519-hkdf-sha256"], "hashes": ["sha256"],
            "message_authentication_codes": ["hkdf-hmac-sha256.v2"], "short_authentication_string": ["emoji"],
        ]
        try await base.server.service(userID: "@alice:hs", deviceID: "TABLET").sendToDevice(
            type: "m.key.verification.start", transactionID: "x", messages: ["@alice:hs": ["PHONE": start]])
        await phone.sync()
        #expect(phone.last?.state == .cancelled(.unexpectedMessage, byUs: true))
        await base.exchange(laptop, phone)
        try await expectNothingVerified(laptop, phone)
    }

    @Test func aMACBeforeTheKeysCancelsAsUnexpected() async throws {
        let laptop = try await base.device("@alice:hs", "LAPTOP")
        let phone = try await base.device("@alice:hs", "PHONE")
        let request = try await laptop.center.requestOwnDevices()
        await phone.sync()
        _ = try await phone.center.accept(nil)
        try await base.server.service(userID: "@alice:hs", deviceID: "PHONE").sendToDevice(
            type: "m.key.verification.mac", transactionID: "x",
            messages: ["@alice:hs": ["LAPTOP": ["transaction_id": .string(request.flowID), "mac": ["ed25519:PHONE": "abc"], "keys": "def"]]])
        await laptop.sync()
        #expect(laptop.last?.state == .cancelled(.unexpectedMessage, byUs: true))
        try await expectNothingVerified(laptop, phone)
    }

    @Test func aRepeatedAcceptCancels() async throws {
        let (laptop, phone) = try await startFlow { events in events + events.filter { $0.type == "m.key.verification.accept" } }
        #expect(laptop.last?.state == .cancelled(.unexpectedMessage, byUs: true))
        try await expectNothingVerified(laptop, phone)
    }

    @Test func aRequestFromLongAgoOrFarAheadIsIgnored() async throws {
        let laptop = try await base.device("@alice:hs", "LAPTOP")
        _ = try await base.device("@alice:hs", "PHONE")
        for offset in [-601.0, 301] {
            let timestamp = Int64((VerificationCenterTests.now.timeIntervalSince1970 + offset) * 1000)
            try await base.server.service(userID: "@alice:hs", deviceID: "PHONE").sendToDevice(
                type: "m.key.verification.request", transactionID: "x",
                messages: ["@alice:hs": ["LAPTOP": ["transaction_id": .string("t\(offset)"), "from_device": "PHONE", "methods": ["m.sas.v1"],
                                                    "timestamp": .integer(timestamp)]]])
        }
        await laptop.sync()
        #expect(laptop.reports.all.isEmpty)
    }

    /// Several tries of one device in one sync (as a chat joined late holds them): only the last
    /// is shown; the earlier ones never ask the user.
    @Test func earlierRequestsOfADeviceInTheSameSyncAreNotShown() async throws {
        let laptop = try await base.device("@alice:hs", "LAPTOP")
        _ = try await base.device("@alice:hs", "PHONE")
        for attempt in ["first", "second", "third"] {
            let timestamp = Int64(VerificationCenterTests.now.timeIntervalSince1970 * 1000)
            try await base.server.service(userID: "@alice:hs", deviceID: "PHONE").sendToDevice(
                type: "m.key.verification.request", transactionID: attempt,
                messages: ["@alice:hs": ["LAPTOP": ["transaction_id": .string(attempt), "from_device": "PHONE", "methods": ["m.sas.v1"],
                                                    "timestamp": .integer(timestamp)]]])
        }
        await laptop.sync()
        #expect(laptop.reports.all.map(\.flowID) == ["third"])
        #expect(laptop.last?.state == .incoming)
    }
}
