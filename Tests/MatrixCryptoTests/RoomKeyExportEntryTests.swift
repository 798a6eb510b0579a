import Foundation
import MatrixCrypto
import Testing

/// `ExportedRoomKey`, the JSON inside a key export.
@Suite struct RoomKeyExportEntryTests {
    private let json = """
        [{"algorithm": "m.megolm.v1.aes-sha2", "room_id": "!room:example.org",
          "sender_key": "SENDERcurve", "session_id": "SESSIONid", "session_key": "AQAAAAsecret",
          "sender_claimed_keys": {"ed25519": "CLAIMEDed"},
          "forwarding_curve25519_key_chain": ["HOP1"], "untrusted": true, "x-extra": {"a": 1}}]
        """

    @Test func decodesSpecFieldsAndIgnoresOthers() throws {
        let keys = try JSONDecoder().decode([ExportedRoomKey].self, from: Data(json.utf8))
        #expect(keys == [ExportedRoomKey(
            roomID: "!room:example.org", senderKey: "SENDERcurve", sessionID: "SESSIONid",
            sessionKey: MegolmSessionKey(base64: "AQAAAAsecret"), senderClaimedKeys: ["ed25519": "CLAIMEDed"],
            forwardingCurve25519KeyChain: ["HOP1"])])
    }

    @Test func encodesTheSpecFieldNames() throws {
        let key = ExportedRoomKey(
            roomID: "!r:x", senderKey: "S", sessionID: "I", sessionKey: MegolmSessionKey(base64: "K"),
            senderClaimedKeys: ["ed25519": "E"])
        let object = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(key)) as? [String: Any])
        #expect(Set(object.keys) == ["algorithm", "room_id", "sender_key", "session_id", "session_key",
                                     "sender_claimed_keys", "forwarding_curve25519_key_chain", "shared_history", "m.shared_history"])
        #expect(object["algorithm"] as? String == "m.megolm.v1.aes-sha2")
        #expect(object["session_key"] as? String == "K")
        #expect((object["forwarding_curve25519_key_chain"] as? [String])?.isEmpty == true)
    }

    /// Spec v1.19's `shared_history`, written also as the Rust SDK 0.18 reads it, and read under
    /// any of its three names (the MSC's unstable one too).
    @Test func theSharedHistoryFlagRoundTripsUnderEachName() throws {
        var key = ExportedRoomKey(roomID: "!r:x", senderKey: "S", sessionID: "I", sessionKey: MegolmSessionKey(base64: "K"),
                                  senderClaimedKeys: ["ed25519": "E"], sharesHistory: true)
        #expect(try JSONDecoder().decode(ExportedRoomKey.self, from: JSONEncoder().encode(key)) == key)
        let base = #"{"algorithm": "m.megolm.v1.aes-sha2", "room_id": "!r:x", "sender_key": "S", "session_id": "I", "session_key": "K", "sender_claimed_keys": {"ed25519": "E"}"#
        for name in ["shared_history", "m.shared_history", "org.matrix.msc3061.shared_history"] {
            #expect(try JSONDecoder().decode(ExportedRoomKey.self, from: Data((base + #", "\#(name)": true}"#).utf8)).sharesHistory, "\(name)")
        }
        key.sharesHistory = false
        #expect(try JSONDecoder().decode(ExportedRoomKey.self, from: Data((base + "}").utf8)) == key, "absent is false, no chain is none")
    }

    @Test func missingRequiredFieldIsAnError() {
        let withoutKey = json.replacingOccurrences(of: #""session_key": "AQAAAAsecret","#, with: "")
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([ExportedRoomKey].self, from: Data(withoutKey.utf8)) }
    }

    @Test func descriptionHidesTheSessionKey() throws {
        let key = try #require(JSONDecoder().decode([ExportedRoomKey].self, from: Data(json.utf8)).first)
        for text in [key.description, String(describing: key), "\(key)"] {
            #expect(!text.contains("AQAAAAsecret") && text.contains("SESSIONid"))
        }
    }
}
