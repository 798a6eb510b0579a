import Foundation
import MatrixJSON
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// How encryption shows on a message, on plain values: which mark a message gets from what the
/// store knows and which devices are trusted, its lines, and its JSON.
@Suite struct EncryptedMessageTextTests {
    /// 2026-11-22 15:30 UTC.
    let now = Date(timeIntervalSince1970: 1_795_361_400)
    static let failures: [DecryptionFailure] = [.missingKey, .unknownIndex, .corrupt, .unsupportedAlgorithm, .mismatch, .replayed,
                                                .withheldBlacklisted, .withheldUnverified, .withheldUnauthorised, .withheldUnavailable,
                                                .withheldNoOlm, .sentBeforeJoined]

    func lines(_ encryption: MessageEncryption?, body: String = "hi", color: Bool = false, language: String = "en") -> [String] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var message = MessageView(roomID: "!r", eventID: "$e", transactionID: nil, sender: "@bob:hs", senderName: "Bob",
                                  msgtype: "m.text", body: RemoteText(body), timestamp: Int64(now.timeIntervalSince1970 * 1000), isPending: false)
        message.encryption = encryption
        let text = MessageText(theme: Theme(usesColor: color, accent: .named(.green)), now: now, calendar: calendar)
        return L10n.$languageOverride.withValue(language) { text.lines(for: message) }
    }

    @Test func theSendersDeviceDecidesTheMark() {
        let trust = DeviceTrust(ownKey: "own", keys: DeviceTrustKeys(verified: ["verified"], ownerSigned: ["vouched"], identityChanged: ["reset"]))
        var message = MessageRecord(eventID: "$e", roomID: "!r", sender: "@bob:hs", msgtype: "m.text", body: "hi", originServerTS: 1)
        #expect(MessageEncryption(of: message, trust: trust) == nil, "sent in the clear")
        message.senderKey = "verified"
        #expect(MessageEncryption(of: message, trust: trust) == .trusted)
        message.senderKey = "own"
        #expect(MessageEncryption(of: message, trust: trust) == .trusted, "this very device")
        message.senderKey = "stranger"
        #expect(MessageEncryption(of: message, trust: trust) == .unsignedDevice)
        message.senderKey = "vouched"
        #expect(MessageEncryption(of: message, trust: trust) == .unverifiedIdentity, "signed by its owner, as Element counts")
        message.senderKey = "reset"
        #expect(MessageEncryption(of: message, trust: trust) == .identityChanged)
        message.senderKey = "verified"
        message.isKeyImported = true
        #expect(MessageEncryption(of: message, trust: trust) == .importedKey, "a forwarded key proves nothing, whoever it names")
        message.decryptionFailure = .missingKey
        #expect(MessageEncryption(of: message, trust: trust) == .undecryptable(.missingKey))
        message.senderKey = nil
        message.decryptionFailure = .unsupportedAlgorithm
        #expect(MessageEncryption(of: message, trust: trust) == .undecryptable(.unsupportedAlgorithm), "even without a sender key")
    }

    @Test func aLockMarksEncryptedMessagesAndAWarningUnprovenSenders() {
        #expect(lines(nil) == ["[15:30] Bob: hi"])
        #expect(lines(.trusted) == ["[15:30] 🔒 Bob: hi"])
        #expect(lines(.unsignedDevice) == ["[15:30] 🔒⚠ Bob: hi"])
        #expect(lines(.importedKey) == ["[15:30] 🔒⚠ Bob: hi"])
        #expect(lines(.identityChanged) == ["[15:30] 🔒⚠ Bob: hi"])
        #expect(lines(.unverifiedIdentity) == ["[15:30] 🔒 Bob: hi"], "Element shows no shield for an unverified user's signed device")
        #expect(lines(.importedKey, color: true)[0].contains("🔒\u{1B}[2m⚠\u{1B}[0m "), "grey, as Element's shield for a key that proves nothing")
        #expect(lines(.unsignedDevice, color: true)[0].contains("🔒\u{1B}[33m⚠\u{1B}[0m "), "the warning in the warning colour")
    }

    /// A key shared with the room's history (MSC4268): its own mark, the sharer in JSON, and under
    /// an opened room's messages one line each sharer.
    @Test func aKeySharedWithTheHistoryIsMarkedAndNamesWhoSharedIt() {
        var record = MessageRecord(eventID: "$e", roomID: "!r", sender: "@bob:hs", msgtype: "m.text", body: "hi", originServerTS: 1)
        record.senderKey = "verified"
        record.isKeyImported = true
        record.keySharedBy = "@xia:hs"
        let trust = DeviceTrust(ownKey: "own", keys: DeviceTrustKeys(verified: ["verified"]))
        #expect(MessageEncryption(of: record, trust: trust) == .sharedHistory(by: "@xia:hs"), "whoever the key names, the sharer vouched")
        #expect(lines(.sharedHistory(by: "@xia:hs")) == ["[15:30] 🔒↪ Bob: hi"])
        var message = MessageView(roomID: "!r", eventID: "$e", transactionID: nil, sender: "@bob:hs", senderName: "Bob",
                                  msgtype: "m.text", body: "hi", timestamp: Int64(now.timeIntervalSince1970 * 1000), isPending: false)
        message.encryption = .sharedHistory(by: "@xia:hs")
        #expect(message.json["trust"] == .string("shared_history") && message.json["key_shared_by"] == .string("@xia:hs"))
        #expect(message.json["verified"] == .bool(false))
        let renderer = TextRenderer(theme: Theme(usesColor: false, accent: .named(.green)), now: now)
        let opened = L10n.$languageOverride.withValue("en") {
            renderer.lines(for: .room(.opened(roomName: "Team", messages: [message, message], draft: nil)))
        }
        #expect(opened.filter { $0.hasPrefix("↪") } == ["↪ The key came with the room's history, shared by @xia:hs when they invited you: it does not prove who wrote the message."])
    }

    @Test(arguments: failures)
    func anUndecryptableMessageSaysWhyInEachLanguage(failure: DecryptionFailure) {
        let english = lines(.undecryptable(failure), body: "")
        let german = lines(.undecryptable(failure), body: "", language: "de")
        #expect(english == ["[15:30] 🔒 Bob: " + L10n.$languageOverride.withValue("en") { MessageText.undecryptable(failure) }])
        #expect(english[0].contains("Unable to decrypt: "))
        #expect(german[0].contains("Entschlüsselung nicht möglich: "))
        let reasons = Set(Self.failures.map { failure in L10n.$languageOverride.withValue("en") { MessageText.undecryptable(failure) } })
        #expect(reasons.count == Self.failures.count, "each failure has its own reason")
    }

    @Test func theMissingKeyPromisesTheTextWhenItComes() {
        #expect(lines(.undecryptable(.missingKey), body: "") == ["[15:30] 🔒 Bob: Unable to decrypt: the key has not arrived yet (it is shown when it does)"])
    }

    @Test func aReplayedMessageSaysTheServerMayHaveSentItAgain() {
        #expect(lines(.undecryptable(.replayed), body: "")
            == ["[15:30] 🔒 Bob: Unable to decrypt: this message repeats an earlier one (a possible replay by the server)"])
    }

    @Test func aReplyToAnUndecryptableMessageQuotesWhy() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var message = MessageView(roomID: "!r", eventID: "$e", transactionID: nil, sender: "@ann:hs", senderName: "Ann",
                                  msgtype: "m.text", body: "what?", timestamp: Int64(now.timeIntervalSince1970 * 1000), isPending: false)
        message.replyQuote = ReplyQuote(senderName: "Bob", body: "", reference: 3, decryptionFailure: .corrupt)
        let text = MessageText(theme: Theme(usesColor: false, accent: .named(.green)), now: now, calendar: calendar)
        let lines = L10n.$languageOverride.withValue("en") { text.lines(for: message) }
        #expect(lines.first == "  ╭ ~3 Bob: Unable to decrypt: the message is damaged or was tampered w…", "cut to a line like any quote")
    }

    @Test func jsonSaysWhetherEncryptedVerifiedAndWhyUnreadable() {
        func json(_ encryption: MessageEncryption?) -> [String: JSONValue] {
            var message = MessageView(roomID: "!r", eventID: "$e", transactionID: nil, sender: "@bob:hs", senderName: "Bob",
                                      msgtype: "m.text", body: "", timestamp: 1, isPending: false)
            message.encryption = encryption
            return message.json
        }
        func fields(_ encryption: MessageEncryption?) -> [JSONValue?] {
            let object = json(encryption)
            return [object["encrypted"], object["verified"], object["key_imported"], object["decryption_failure"]]
        }
        #expect(json(.unverifiedIdentity)["trust"] == .string("unverified_identity"))
        #expect(json(.identityChanged)["trust"] == .string("identity_changed"))
        #expect(json(.undecryptable(.corrupt))["trust"] == .null)
        #expect(fields(nil) == [.bool(false), .null, .bool(false), .null])
        #expect(fields(.trusted) == [.bool(true), .bool(true), .bool(false), .null])
        #expect(fields(.unsignedDevice) == [.bool(true), .bool(false), .bool(false), .null])
        #expect(fields(.importedKey) == [.bool(true), .bool(false), .bool(true), .null])
        #expect(fields(.undecryptable(.missingKey)) == [.bool(true), .null, .bool(false), .string("missing_key")])
        #expect(fields(.undecryptable(.unsupportedAlgorithm))[3] == .string("unsupported_algorithm"))
        #expect(fields(.undecryptable(.replayed))[3] == .string("replayed"))
    }

    @Test func encryptedRoomsAreMarkedInTheRoomList() {
        var room = RoomRecord(roomID: "!r:hs", membership: .join)
        room.name = "Secrets"
        room.encryption = RoomEncryption()
        let renderer = TextRenderer(theme: Theme(usesColor: false, accent: .named(.green)))
        let text = L10n.$languageOverride.withValue("en") { renderer.lines(for: .room(.list([RoomEntry(room)]))) }
        #expect(text == ["  1  Secrets  encrypted"])
        #expect(RoomEntry(room).json["encrypted"] == .bool(true))
    }
}
