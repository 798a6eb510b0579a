import Foundation
import MatrixCrypto
import MatrixJSON
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// Encrypted history shared on invite (MSC4268) between crypto machines over `MemoryKeysServer`:
/// the inviter's bundle is imported when its invite is accepted, from a device its owner vouches
/// for; what is hostile, repeated or early is refused or waits, never trusted silently.
@Suite struct CryptoMachineHistorySharingTests {
    let recovery = CryptoMachineRecoveryTests()
    var server: MemoryKeysServer { recovery.server }
    let roomID = "!team:hs"

    /// A device with its to-device messages taken in, as a sync would.
    func sync(_ device: CryptoMachineRecoveryTests.Device, _ deviceID: String) async {
        var response = SyncResponse(nextBatch: "s")
        response.encryption.toDeviceEvents = await server.takeInbox(of: DeviceAddress(userID: device.machine.userID, deviceID: deviceID))
        _ = await device.machine.receive(response)
    }

    func message(_ body: String, from device: CryptoMachineRecoveryTests.Device, id: String) async throws -> SyncEvent {
        let content = try await device.machine.encrypt(type: "m.room.message", content: ["msgtype": "m.text", "body": .string(body)],
                                                       roomID: roomID, settings: RoomEncryption())
        return SyncEvent(type: "m.room.encrypted", eventID: id, sender: device.machine.userID, originServerTS: 1, content: content)
    }

    /// A state change of the room, as sync brings it to `device`: who reads the room is asked again.
    func roomState(_ event: SyncEvent, to device: CryptoMachineRecoveryTests.Device) async {
        _ = await device.machine.receive(SyncResponse(nextBatch: "s", rooms: SyncResponse.Rooms(joined: [roomID: SyncResponse.JoinedRoom(state: [event])])))
    }

    /// Alice, with cross-signing, wrote in the room before Bob (cross-signed too) was invited.
    func aliceAndBob(aliceSignsHerDevice: Bool = true) async throws
        -> (alice: CryptoMachineRecoveryTests.Device, bob: CryptoMachineRecoveryTests.Device, history: SyncEvent) {
        let alice = try await recovery.device("@alice:hs", "A1")
        if aliceSignsHerDevice { _ = try await recovery.setUp(alice) }
        let bob = try await recovery.device("@bob:hs", "B1")
        _ = try await recovery.setUp(bob)
        await server.setMembers(["@alice:hs"], of: roomID)
        return (alice, bob, try await message("before bob came", from: alice, id: "$before"))
    }

    @Test func theInvitersBundleIsImportedOnAcceptingAndReadsTheHistoryOnce() async throws {
        let (alice, bob, history) = try await aliceAndBob()
        #expect(try await alice.machine.shareHistory(ofRoom: roomID, with: "@bob:hs") == .shared(devices: 1, keys: 1))
        await sync(bob, "B1")
        #expect(await bob.machine.importSharedHistory().imports.isEmpty, "kept until the invite is accepted")

        let (imports, sessions) = await bob.machine.acceptedInvite(to: roomID, from: "@alice:hs")
        #expect(imports == [HistoryImport(roomID: roomID, sharedBy: "@alice:hs", deviceID: "A1", outcome: .imported(keys: 1, total: 1, skipped: 0))])
        #expect(sessions.count == 1)
        let read = await bob.machine.decrypt([history], in: roomID)[0]
        #expect(read.content["body"]?.string == "before bob came")
        #expect(read.encryption?.keySharedBy == "@alice:hs" && read.encryption?.isKeyImported == true)

        // Alice writes on, now to bob too: the key she sends him herself vouches for the session,
        // whose earlier start from the bundle connects to it.
        await server.setMembers(["@alice:hs", "@bob:hs"], of: roomID)
        await roomState(SyncEvent(type: "m.room.member", sender: "@bob:hs", stateKey: "@bob:hs", content: ["membership": "join"]), to: alice)
        let later = try await message("now bob is here", from: alice, id: "$later")
        await sync(bob, "B1")
        let direct = await bob.machine.decrypt([later, history], in: roomID)
        #expect(direct.map { $0.content["body"]?.string } == ["now bob is here", "before bob came"])
        #expect(direct.allSatisfy { $0.encryption?.keySharedBy == nil && $0.encryption?.isKeyImported == false })

        // The same bundle again (sent twice) changes nothing and is told nowhere.
        _ = try await alice.machine.shareHistory(ofRoom: roomID, with: "@bob:hs")
        await sync(bob, "B1")
        #expect(await bob.machine.importSharedHistory().imports.isEmpty)
        #expect(try await bob.store.roomKeyBundles().isEmpty)
    }

    /// The sync loop's import and an `/accept`'s may meet: the bundle is imported and told once.
    @Test func importsThatMeetImportABundleOnce() async throws {
        let (alice, bob, _) = try await aliceAndBob()
        _ = try await alice.machine.shareHistory(ofRoom: roomID, with: "@bob:hs")
        await sync(bob, "B1")
        try await bob.store.recordAcceptedInvite(roomID: roomID, inviter: "@alice:hs", at: Int64(Date().timeIntervalSince1970 * 1000))
        async let first = bob.machine.importSharedHistory()
        async let second = bob.machine.importSharedHistory()
        let (one, other) = await (first, second)
        #expect(one.imports.count + other.imports.count == 1)
    }

    @Test func aBundleFromADeviceItsOwnerNeverSignedWaitsUntilItIsVerified() async throws {
        let (alice, bob, history) = try await aliceAndBob(aliceSignsHerDevice: false)
        #expect(try await alice.machine.shareHistory(ofRoom: roomID, with: "@bob:hs") == .shared(devices: 1, keys: 1))
        await sync(bob, "B1")
        let refused = await bob.machine.acceptedInvite(to: roomID, from: "@alice:hs")
        #expect(refused.imports.map(\.outcome) == [.refused(.unverifiedDevice)] && refused.sessions.isEmpty)
        #expect(await bob.machine.importSharedHistory().imports.isEmpty, "told once")
        #expect(await bob.machine.decrypt([history], in: roomID)[0].encryption?.failure == .missingKey)

        #expect(await bob.machine.setVerified(true, userID: "@alice:hs", deviceID: "A1"))
        let later = await bob.machine.importSharedHistory()
        #expect(later.imports.map(\.outcome) == [.imported(keys: 1, total: 1, skipped: 0)])
        #expect(await bob.machine.decrypt([history], in: roomID)[0].content["body"]?.string == "before bob came")
    }

    @Test func onlyKeysMadeWhileTheHistoryWasSharedGoAndOnlyToSignedDevices() async throws {
        let (alice, bob, _) = try await aliceAndBob()
        await server.setHistoryShared(false, in: roomID)
        await server.setMembers(["@alice:hs"], of: roomID)  // a fresh read of the room's readers
        await roomState(SyncEvent(type: "m.room.history_visibility", sender: "@alice:hs", stateKey: "", content: ["history_visibility": "joined"]),
                        to: alice)
        #expect(try await alice.machine.shareHistory(ofRoom: roomID, with: "@bob:hs") == .notShared(.historyNotVisible))
        _ = try await message("members only", from: alice, id: "$private")
        await server.setHistoryShared(true, in: roomID)
        let bundle = await alice.machine.bundle(ofRoom: roomID)
        #expect(bundle.roomKeys.count == 1 && bundle.withheld.count == 1, "the key made while members only is withheld")
        #expect(bundle.withheld.first?["code"]?.string == "m.history_not_shared")

        // Carol has no cross-signing: none of her devices is vouched for, nothing goes.
        _ = try await recovery.device("@carol:hs", "C1")
        #expect(try await alice.machine.shareHistory(ofRoom: roomID, with: "@carol:hs") == .notShared(.noCrossSignedDevice))
        // Bob's second device, which his identity never signed, is left out.
        _ = try await recovery.device("@bob:hs", "B2")
        #expect(try await alice.machine.shareHistory(ofRoom: roomID, with: "@bob:hs") == .shared(devices: 1, keys: 1))
        #expect(await server.takeInbox(of: DeviceAddress(userID: "@bob:hs", deviceID: "B2")).isEmpty)
        _ = bob
    }

    /// A bundle sent by hand: its file holds `bundle`; the to-device message names `claimedRoom`.
    func sendBundle(_ bundle: RoomKeyBundle, claiming claimedRoom: String, from alice: CryptoMachineRecoveryTests.Device) async throws {
        let (ciphertext, keys) = AttachmentCipher.encrypt(try bundle.encoded())
        var file = keys.jsonFields
        file["url"] = .string(await server.upload(ciphertext))
        let bob = try #require(try await alice.machine.devices(of: "@bob:hs").first)
        try await alice.machine.sendEncrypted(type: "m.room_key_bundle", content: ["room_id": .string(claimedRoom), "file": .object(file)], to: bob)
    }

    @Test func keysForAnotherRoomForgedOrUnknownAreRefusedAndTheRestImported() async throws {
        let (alice, bob, history) = try await aliceAndBob()
        var bundle = await alice.machine.bundle(ofRoom: roomID)
        let real = try #require(bundle.roomKeys.first)
        let stranger = OutboundGroupSession()
        bundle.roomKeys += [
            // For another room.
            HistoricRoomKey(roomID: "!other:hs", sessionID: real.sessionID, senderKey: real.senderKey, signingKey: nil, sessionKey: real.sessionKey),
            // Claims the real session, holds another.
            HistoricRoomKey(roomID: roomID, sessionID: real.sessionID, senderKey: real.senderKey, signingKey: nil,
                            sessionKey: try #require(InboundGroupSession(sessionKey: stranger.sessionKey).export(at: 0)).base64),
            // Not a session at all.
            HistoricRoomKey(roomID: roomID, sessionID: "forged", senderKey: real.senderKey, signingKey: nil, sessionKey: "bm90IGEga2V5"),
        ]
        try await sendBundle(bundle, claiming: roomID, from: alice)
        await sync(bob, "B1")
        let (imports, _) = await bob.machine.acceptedInvite(to: roomID, from: "@alice:hs")
        #expect(imports.map(\.outcome) == [.imported(keys: 1, total: 4, skipped: 3)])
        #expect(await bob.machine.decrypt([history], in: roomID)[0].content["body"]?.string == "before bob came")
    }

    @Test func aBundleForARoomItsSenderDidNotInviteUsToIsNeverImported() async throws {
        let (alice, bob, history) = try await aliceAndBob()
        try await sendBundle(await alice.machine.bundle(ofRoom: roomID), claiming: "!elsewhere:hs", from: alice)
        await sync(bob, "B1")
        #expect(await bob.machine.acceptedInvite(to: roomID, from: "@alice:hs").imports.isEmpty)
        // Nor when someone else invited us to the room the bundle names.
        #expect(await bob.machine.acceptedInvite(to: "!elsewhere:hs", from: "@mallory:hs").imports.isEmpty)
        #expect(await bob.machine.decrypt([history], in: roomID)[0].encryption?.failure == .missingKey)
    }

    /// MSC4147's device keys, which a bundle needs: the sender's, self-signed, matching the
    /// Olm message's keys; anything else names no device.
    @Test func aBundlesSenderDeviceKeysMustBeTheSendersOwnAndSigned() async throws {
        let alice = try await recovery.device("@alice:hs", "A1")
        let keys = await alice.machine.ownDeviceKeys()
        let curve = try #require(keys["keys"]?["curve25519:A1"]?.string), ed = try #require(keys["keys"]?["ed25519:A1"]?.string)
        func plaintext(_ deviceKeys: JSONValue?) -> JSONValue {
            var object: [String: JSONValue] = ["type": "m.room_key_bundle", "keys": ["ed25519": .string(ed)]]
            object["sender_device_keys"] = deviceKeys
            return .object(object)
        }
        #expect(CryptoMachine.senderDevice(in: plaintext(keys), sender: "@alice:hs", senderKey: curve) == "A1")
        #expect(CryptoMachine.senderDevice(in: plaintext(nil), sender: "@alice:hs", senderKey: curve) == nil, "left out")
        #expect(CryptoMachine.senderDevice(in: plaintext(keys), sender: "@mallory:hs", senderKey: curve) == nil, "another sender's")
        #expect(CryptoMachine.senderDevice(in: plaintext(keys), sender: "@alice:hs", senderKey: "another key") == nil, "not the Olm session's")
        guard case .object(var altered) = keys else { Issue.record("device keys are an object"); return }
        altered["device_id"] = "A2"
        #expect(CryptoMachine.senderDevice(in: plaintext(.object(altered)), sender: "@alice:hs", senderKey: curve) == nil, "signature broken")
    }

    @Test func aBundleWhoseFileIsGoneOrAlteredIsToldAndAnUnreadableOneForgotten() async throws {
        let (alice, bob, _) = try await aliceAndBob()
        _ = try await alice.machine.shareHistory(ofRoom: roomID, with: "@bob:hs")
        await sync(bob, "B1")
        let url = try #require(try await bob.store.roomKeyBundles().first?.file["url"]?.string)
        await server.replaceFile(url, with: Data("tampered".utf8))
        #expect(await bob.machine.acceptedInvite(to: roomID, from: "@alice:hs").imports.map(\.outcome) == [.refused(.malformed)])
        #expect(try await bob.store.roomKeyBundles().isEmpty)
    }

    @Test func aBundleTooLargeToDownloadIsRefusedAndForgotten() async throws {
        let (alice, bob, _) = try await aliceAndBob()
        var file = AttachmentCipher.encrypt(Data("small".utf8)).keys.jsonFields
        file["url"] = .string(await server.upload(Data(count: RoomKeyBundle.maximumBytes + 1)))
        let bobsDevice = try #require(try await alice.machine.devices(of: "@bob:hs").first)
        try await alice.machine.sendEncrypted(type: "m.room_key_bundle", content: ["room_id": .string(roomID), "file": .object(file)], to: bobsDevice)
        await sync(bob, "B1")
        #expect(await bob.machine.acceptedInvite(to: roomID, from: "@alice:hs").imports.map(\.outcome) == [.refused(.tooLarge)])
        #expect(try await bob.store.roomKeyBundles().isEmpty)
    }

    @Test func aDeviceThatLeftGetsNoBundleAndTheOthersStillDo() async throws {
        let (alice, bob, _) = try await aliceAndBob()
        let phone = DeviceAddress(userID: "@bob:hs", deviceID: "B2")
        _ = try await recovery.device("@bob:hs", "B2")
        try await bob.store.updateTracking(changed: ["@bob:hs"], left: [])  // as sync says of a new device
        #expect(try await bob.machine.devices(of: "@bob:hs").map(\.deviceID) == ["B1", "B2"])
        #expect(await bob.machine.setVerified(true, userID: "@bob:hs", deviceID: "B2"), "signed with bob's self-signing key")
        #expect(try await alice.machine.shareHistory(ofRoom: roomID, with: "@bob:hs") == .shared(devices: 2, keys: 1))
        _ = await server.takeInbox(of: phone)
        await server.delete(phone)
        try await alice.store.updateTracking(changed: ["@bob:hs"], left: [])
        #expect(try await alice.machine.shareHistory(ofRoom: roomID, with: "@bob:hs") == .shared(devices: 1, keys: 1))
        #expect(await server.takeInbox(of: phone).isEmpty)
    }

    @Test func tooLargeOrNotABundleIsRefusedWhole() throws {
        #expect(throws: RoomKeyBundleError.tooLarge) { try RoomKeyBundle(decrypted: Data(count: RoomKeyBundle.maximumBytes + 1)) }
        #expect(throws: RoomKeyBundleError.malformed) { try RoomKeyBundle(decrypted: Data("[]".utf8)) }
        #expect(throws: RoomKeyBundleError.malformed) { try RoomKeyBundle(decrypted: Data(#"{"withheld": []}"#.utf8)) }
        let other = try RoomKeyBundle(decrypted: Data(#"{"room_keys": [{"algorithm": "m.megolm.v2"}], "withheld": []}"#.utf8))
        #expect(other.roomKeys.isEmpty, "another algorithm is skipped, not an error")
    }
}
