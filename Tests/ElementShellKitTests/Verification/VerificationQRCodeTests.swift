import Foundation
import MatrixCrypto
import MatrixJSON
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// A center showing its QR code to a scanner played by the test (Element on a phone): which mode
/// and keys the code carries, what the reciprocation and the user's confirmation make trusted,
/// and reciprocations that must verify nothing.
@Suite struct VerificationQRCodeTests {
    let base = VerificationCenterTests()
    static let scannerMethods: [JSONValue] = ["m.sas.v1", "m.qr_code.scan.v1", "m.reciprocate.v1"]

    /// Publishes an identity from the device, which then holds (and trusts) the master key.
    func setUpCrossSigning(_ device: VerificationCenterTests.Device) async throws {
        _ = try await device.machine.beginRecoverySetup()
        _ = try await device.machine.finishRecoverySetup { $0.passwordAuthentication(userID: device.machine.userID, password: "pw") }
    }

    func masterKey(of userID: String) async throws -> String {
        try #require(await base.server.crossSigningKeys(of: userID)["master"]?["keys"]?.object?.values.first?.string)
    }

    /// Sends a to-device verification step from `scanner` to `device`, as the phone would.
    func send(_ step: String, _ content: JSONValue, from scanner: DeviceAddress, to device: DeviceAddress) async throws {
        try await base.server.service(userID: scanner.userID, deviceID: scanner.deviceID).sendToDevice(
            type: "m.key.verification." + step, transactionID: UUID().uuidString, messages: [device.userID: [device.deviceID: content]])
    }

    func reciprocate(_ code: VerificationQRData, secret: String? = nil, from scanner: DeviceAddress, to device: DeviceAddress) async throws {
        try await send("start", ["transaction_id": .string(code.flowID), "from_device": .string(scanner.deviceID),
                                 "method": "m.reciprocate.v1", "secret": .string(secret ?? code.sharedSecret)], from: scanner, to: device)
    }

    /// The scanner asked `shower`, which accepted: the code it shows.
    func showCodeToRequest(from scanner: DeviceAddress, to shower: VerificationCenterTests.Device) async throws -> VerificationQRData {
        try await send("request", ["transaction_id": "T1", "from_device": .string(scanner.deviceID), "methods": .array(Self.scannerMethods),
                                   "timestamp": .integer(Int64(VerificationCenterTests.now.timeIntervalSince1970 * 1000))],
                       from: scanner, to: shower.address)
        await shower.sync()
        #expect(shower.last?.state == .incoming)
        let shown = try await shower.center.accept(nil)
        #expect(shown.state == .showingQRCode)
        let ready = await base.server.takeInbox(of: scanner)
        #expect(ready.map(\.type) == ["m.key.verification.ready"])
        #expect(ready.first?.content["methods"]?.array == ["m.sas.v1", "m.qr_code.show.v1", "m.reciprocate.v1"])
        return try VerificationQRData(decoding: try #require(shown.qrCode))
    }

    /// `shower` asked the scanner, which is ready: the code it shows, and no SAS started.
    func showCodeToReady(from scanner: DeviceAddress, _ shower: VerificationCenterTests.Device) async throws -> VerificationQRData {
        _ = try await shower.center.request(userID: scanner.userID, deviceID: scanner.deviceID)
        let request = try #require(await base.server.takeInbox(of: scanner).first)
        let flowID = try #require(request.content["transaction_id"]?.string)
        try await send("ready", ["transaction_id": .string(flowID), "from_device": .string(scanner.deviceID), "methods": .array(Self.scannerMethods)],
                       from: scanner, to: shower.address)
        await shower.sync()
        #expect(shower.last?.state == .showingQRCode)
        #expect(await base.server.takeInbox(of: scanner).isEmpty, "SAS waits for the user to choose it")
        return try VerificationQRData(decoding: try #require(shower.last?.qrCode))
    }

    @Test func aDeviceTrustingTheMasterKeyShowsItWithTheOtherDevicesKeyAndVerifiesIt() async throws {
        let laptop = try await base.device("@alice:hs", "LAPTOP")
        try await setUpCrossSigning(laptop)
        let phone = try await base.device("@alice:hs", "PHONE")
        let code = try await showCodeToRequest(from: phone.address, to: laptop)
        #expect(code.mode == .selfVerifyingTrustingMasterKey && code.flowID == "T1")
        #expect(code.firstKey == (try await masterKey(of: "@alice:hs")))
        #expect(code.secondKey == (await phone.machine.identityKeys.ed25519))

        try await reciprocate(code, from: phone.address, to: laptop.address)
        await laptop.sync()
        #expect(laptop.last?.state == .reciprocated)
        let done = try await laptop.center.confirm(nil)
        #expect(done.state == .done && done.outcome?.device == true)
        #expect(await base.server.takeInbox(of: phone.address).map(\.type) == ["m.key.verification.done"])
        #expect(try await base.isVerified("PHONE", of: "@alice:hs", by: laptop))
    }

    @Test func aDeviceNotTrustingTheMasterKeyShowsItsOwnKeyAndAsksForTheSecrets() async throws {
        let phone = try await base.device("@alice:hs", "PHONE")
        try await setUpCrossSigning(phone)
        let laptop = try await base.device("@alice:hs", "LAPTOP")
        let code = try await showCodeToReady(from: phone.address, laptop)
        #expect(code.mode == .selfVerifyingNotTrustingMasterKey)
        #expect(code.firstKey == (await laptop.machine.identityKeys.ed25519))
        #expect(code.secondKey == (try await masterKey(of: "@alice:hs")))

        try await reciprocate(code, from: phone.address, to: laptop.address)
        await laptop.sync()
        let done = try await laptop.center.confirm(nil)
        #expect(done.state == .done && done.outcome?.requestedSecrets == true)
        let sent = await base.server.takeInbox(of: phone.address).map(\.type)
        #expect(sent.contains("m.key.verification.done") && sent.contains("m.secret.request"))
        #expect(try await base.isVerified("PHONE", of: "@alice:hs", by: laptop))
    }

    @Test func anotherUsersCodeCarriesBothMasterKeysAndVerifiesTheirIdentity() async throws {
        let alice = try await base.device("@alice:hs", "A1")
        try await setUpCrossSigning(alice)
        let bob = try await base.device("@bob:hs", "B1")
        try await setUpCrossSigning(bob)
        let code = try await showCodeToRequest(from: bob.address, to: alice)
        #expect(code.mode == .verifyingAnotherUser)
        #expect(code.firstKey == (try await masterKey(of: "@alice:hs")))
        #expect(code.secondKey == (try await masterKey(of: "@bob:hs")))

        try await reciprocate(code, from: bob.address, to: alice.address)
        await alice.sync()
        let done = try await alice.center.confirm(nil)
        #expect(done.state == .done && done.outcome?.identity == true)
        #expect(try await alice.machine.identitySummary(of: "@bob:hs").state == .verified)
    }

    @Test func withoutCrossSigningNoCodeIsShownAndSASStarts() async throws {
        let laptop = try await base.device("@alice:hs", "LAPTOP")
        let phone = try await base.device("@alice:hs", "PHONE")
        _ = try await laptop.center.request(userID: "@alice:hs", deviceID: "PHONE")
        let flowID = try #require(await base.server.takeInbox(of: phone.address).first?.content["transaction_id"]?.string)
        try await send("ready", ["transaction_id": .string(flowID), "from_device": "PHONE", "methods": .array(Self.scannerMethods)],
                       from: phone.address, to: laptop.address)
        await laptop.sync()
        #expect(laptop.last?.state == .started && laptop.last?.qrCode == nil)
        let start = try #require(await base.server.takeInbox(of: phone.address).first)
        #expect(start.type == "m.key.verification.start" && start.content["method"]?.string == "m.sas.v1")
    }

    @Test func theUserMayCompareEmojiInsteadAndALateReciprocationThenCancels() async throws {
        let phone = try await base.device("@alice:hs", "PHONE")
        try await setUpCrossSigning(phone)
        let laptop = try await base.device("@alice:hs", "LAPTOP")
        let code = try await showCodeToReady(from: phone.address, laptop)

        let started = try await laptop.center.startEmoji(nil)
        #expect(started.state == .started && started.qrCode == nil)
        let start = try #require(await base.server.takeInbox(of: phone.address).first)
        #expect(start.type == "m.key.verification.start" && start.content["method"]?.string == "m.sas.v1")

        try await reciprocate(code, from: phone.address, to: laptop.address)
        await laptop.sync()
        #expect(laptop.last?.state == .cancelled(.unexpectedMessage, byUs: true))
        #expect(try await !base.isVerified("PHONE", of: "@alice:hs", by: laptop))
    }

    @Test func aWrongSecretCancelsWithKeyMismatch() async throws {
        let phone = try await base.device("@alice:hs", "PHONE")
        try await setUpCrossSigning(phone)
        let laptop = try await base.device("@alice:hs", "LAPTOP")
        let code = try await showCodeToReady(from: phone.address, laptop)

        try await reciprocate(code, secret: Data(repeating: 1, count: 16).unpaddedBase64, from: phone.address, to: laptop.address)
        await laptop.sync()
        #expect(laptop.last?.state == .cancelled(.keyMismatch, byUs: true))
        let cancel = try #require(await base.server.takeInbox(of: phone.address).first)
        #expect(cancel.type == "m.key.verification.cancel" && cancel.content["code"]?.string == "m.key_mismatch")
        #expect(try await !base.isVerified("PHONE", of: "@alice:hs", by: laptop))
    }

    @Test func aReciprocationFromAThirdDeviceCancels() async throws {
        let laptop = try await base.device("@alice:hs", "LAPTOP")
        try await setUpCrossSigning(laptop)
        let phone = try await base.device("@alice:hs", "PHONE")
        let tablet = try await base.device("@alice:hs", "TABLET")
        let code = try await showCodeToRequest(from: phone.address, to: laptop)

        try await reciprocate(code, from: tablet.address, to: laptop.address)
        await laptop.sync()
        #expect(laptop.last?.state == .cancelled(.unexpectedMessage, byUs: true))
        #expect(try await !base.isVerified("TABLET", of: "@alice:hs", by: laptop))
        #expect(try await !base.isVerified("PHONE", of: "@alice:hs", by: laptop))
    }

    @Test func aReciprocationWhereNoCodeWasShownCancels() async throws {
        let laptop = try await base.device("@alice:hs", "LAPTOP")
        let phone = try await base.device("@alice:hs", "PHONE")
        try await reciprocate(try forgedCode(flowID: "T9"), from: phone.address, to: laptop.address)
        await laptop.sync()
        let cancel = try #require(await base.server.takeInbox(of: phone.address).first)
        #expect(cancel.content["code"]?.string == "m.unknown_method")
        #expect(laptop.reports.all.isEmpty)

        // A flow without cross-signing shows no code: its reciprocation is unexpected.
        let code = try await showCodeWithoutCrossSigning(phone.address, laptop)
        try await reciprocate(code, from: phone.address, to: laptop.address)
        await laptop.sync()
        #expect(laptop.last?.state == .cancelled(.unexpectedMessage, byUs: true))
        #expect(try await !base.isVerified("PHONE", of: "@alice:hs", by: laptop))
    }

    /// A request accepted by a device without cross-signing, and the code a scanner might claim.
    private func showCodeWithoutCrossSigning(_ scanner: DeviceAddress, _ shower: VerificationCenterTests.Device) async throws -> VerificationQRData {
        try await send("request", ["transaction_id": "T2", "from_device": .string(scanner.deviceID), "methods": .array(Self.scannerMethods),
                                   "timestamp": .integer(Int64(VerificationCenterTests.now.timeIntervalSince1970 * 1000))],
                       from: scanner, to: shower.address)
        await shower.sync()
        #expect(try await shower.center.accept(nil).state == .started)
        _ = await base.server.takeInbox(of: scanner)
        return try forgedCode(flowID: "T2")
    }

    /// A code nobody showed, with a secret of its own.
    private func forgedCode(flowID: String) throws -> VerificationQRData {
        try VerificationQRData(mode: .selfVerifyingTrustingMasterKey, flowID: flowID, firstKey: Data(repeating: 2, count: 32).unpaddedBase64,
                               secondKey: Data(repeating: 3, count: 32).unpaddedBase64)
    }

    @Test func theUserSayingTheScanFailedCancelsAsTheUsersChoice() async throws {
        let laptop = try await base.device("@alice:hs", "LAPTOP")
        try await setUpCrossSigning(laptop)
        let phone = try await base.device("@alice:hs", "PHONE")
        let code = try await showCodeToRequest(from: phone.address, to: laptop)
        try await reciprocate(code, from: phone.address, to: laptop.address)
        await laptop.sync()
        let cancelled = try await laptop.center.mismatch(nil)
        #expect(cancelled.state == .cancelled(.user, byUs: true))
        #expect(await base.server.takeInbox(of: phone.address).first?.content["code"]?.string == "m.user")
        #expect(try await !base.isVerified("PHONE", of: "@alice:hs", by: laptop))
    }
}
