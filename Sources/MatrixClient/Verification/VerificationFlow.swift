import Foundation
import MatrixCrypto
import MatrixJSON

/// One key verification with one device, as a value: each step that arrives or that the user
/// takes moves its phase and returns what to send. It owns the SAS exchange (commitment, keys,
/// the short authentication string, the MACs) and the check of a reciprocated QR code; where the
/// messages go, what the code carries, what the verified keys mean, and the clock are
/// `VerificationCenter`'s. A step that does not fit the phase throws the
/// cancel code to send, and the flow ends.
struct VerificationFlow: Sendable {
    enum Channel: Sendable, Equatable {
        case toDevice
        case room(String)
    }

    enum Phase: Sendable, Equatable {
        /// Ours waits for a `ready`; theirs for the user to accept.
        case requested
        /// Both sides are ready; the requester starts SAS, unless this side shows a QR code.
        case ready
        /// SAS started: accept and keys are on their way.
        case started
        /// The short authentication string is shown; the user compares it.
        case comparing
        /// The user said it matches; the other side's MAC is awaited.
        case confirmed
        /// They scanned our QR code and sent its secret; the user says whether their screen agrees.
        case reciprocated
        /// Their keys checked out and `done` went; their `done` is awaited.
        case verified
        case done
        case cancelled(VerificationCancelCode, byUs: Bool)

        var isOver: Bool {
            switch self {
            case .done, .cancelled: true
            default: false
            }
        }
    }

    /// A message to the other side: its type and content, flow reference included.
    struct Outgoing: Sendable, Equatable {
        let type: String
        let content: JSONValue
    }

    static let sasMethod = "m.sas.v1"
    static let qrShowMethod = "m.qr_code.show.v1"
    static let qrScanMethod = "m.qr_code.scan.v1"
    static let reciprocateMethod = "m.reciprocate.v1"
    static let keyAgreement = "curve25519-hkdf-sha256"
    static let hash = "sha256"
    /// Best first. The unstable name of `.v2` computes the same; `hkdf-hmac-sha256` only for
    /// peers that offer nothing else (matrix-nio), computed with correct base64 as they do.
    static let macMethods = ["hkdf-hmac-sha256.v2", "org.matrix.msc3783.hkdf-hmac-sha256", "hkdf-hmac-sha256"]
    static let sasKinds = ["decimal", "emoji"]

    let id: String
    let channel: Channel
    let own: SASParty
    let otherUserID: String
    /// Known once the other device speaks (`from_device`); a request to all own devices has none yet.
    var otherDeviceID: String?
    /// The other side asked; the user accepts or declines.
    let isIncoming: Bool
    var phase: Phase = .requested
    /// Ours that fit what the other side named in request or ready (`usableMethods`).
    var methods: [String] = [Self.sasMethod]
    /// The code shown to the other side for it to scan, while it may still reciprocate.
    private(set) var qrCode: VerificationQRData?
    /// The code they reciprocated: what the user's confirmation proves.
    private(set) var reciprocatedCode: VerificationQRData?
    /// The `start` the exchange runs on, as sent by whichever side started.
    private(set) var start: VerificationStart?
    private(set) var weStarted = false
    private var commitment: String?
    private(set) var macMethod: String?
    private(set) var shortAuthenticationStrings: [String] = []
    private let keyAgreement = SASKeyAgreement()
    private var sentKey = false
    private var sas: EstablishedSAS?
    private(set) var emojiIndices: [Int]?
    private(set) var decimals: [Int]?
    private var theirMAC: (mac: [String: String], keys: String)?
    private(set) var userConfirmed = false
    private(set) var verifiedKeyIDs: Set<String> = []
    private var receivedDone = false

    init(id: String, channel: Channel, own: SASParty, otherUserID: String, otherDeviceID: String?, isIncoming: Bool) {
        self.id = id
        self.channel = channel
        self.own = own
        self.otherUserID = otherUserID
        self.otherDeviceID = otherDeviceID
        self.isIncoming = isIncoming
    }

    var other: SASParty? { otherDeviceID.map { SASParty(userID: otherUserID, deviceID: $0) } }

    /// Their MAC is in and the user confirmed: the keys it covers can be checked.
    var awaitsKeyCheck: Bool { phase == .confirmed && theirMAC != nil }

    // MARK: Requests

    /// The request that opens a flow we start.
    func request(at timestamp: Int64, to userID: String) -> Outgoing {
        var content: JSONValue = ["from_device": .string(own.deviceID), "methods": .array(Self.offeredMethods.map(JSONValue.string))]
        switch channel {
        case .toDevice:
            content = content.adding("timestamp", .integer(timestamp)).adding("transaction_id", .string(id))
            return Outgoing(type: "m.key.verification.request", content: content)
        case .room:
            // The body is what clients without verification show.
            content = content.adding("msgtype", .string(VerificationMessage.roomRequestMsgtype))
                .adding("body", .string("\(own.userID) is asking to verify your keys, which this client cannot do."))
                .adding("to", .string(userID))
            return Outgoing(type: "m.room.message", content: content)
        }
    }

    /// A terminal shows QR codes but cannot scan them.
    static let offeredMethods = [sasMethod, qrShowMethod, reciprocateMethod]

    /// Ours that fit theirs: SAS and reciprocation when both do them, showing a code when they
    /// can scan one.
    static func usableMethods(theirs: [String]) -> [String] {
        offeredMethods.filter { theirs.contains($0 == qrShowMethod ? qrScanMethod : $0) }
    }

    /// Whether the methods in use let this side show a QR code.
    static func showsQRCode(_ methods: [String]) -> Bool {
        methods.contains(qrShowMethod) && methods.contains(reciprocateMethod)
    }

    /// The user accepts their request: `ready` with the methods in common, or for a legacy
    /// `start` without request, the SAS `accept` at once. `qrCode`: the code to show when they
    /// can scan one (the center knows the keys).
    mutating func accept(showing qrCode: VerificationQRData?) throws(VerificationCancelCode) -> [Outgoing] {
        guard isIncoming, phase == .requested else { throw .unexpectedMessage }
        if let start {
            return [try acceptStart(start)]
        }
        phase = .ready
        self.qrCode = Self.showsQRCode(methods) ? qrCode : nil
        let content: JSONValue = ["from_device": .string(own.deviceID), "methods": .array(methods.map(JSONValue.string))]
        return [outgoing("ready", content)]
    }

    /// Their `ready` to our request. With a QR code to show, SAS waits for either side to
    /// choose it; without, we start it.
    mutating func receiveReady(fromDevice: String, methods: [String], showing qrCode: VerificationQRData?)
        throws(VerificationCancelCode) -> [Outgoing] {
        guard !isIncoming, phase == .requested else { throw .unexpectedMessage }
        let usable = Self.usableMethods(theirs: methods)
        let shown = Self.showsQRCode(usable) ? qrCode : nil
        guard usable.contains(Self.sasMethod) || shown != nil else { throw .unknownMethod }
        otherDeviceID = fromDevice
        self.methods = usable
        self.qrCode = shown
        phase = .ready
        return shown == nil ? [sendStart()] : []
    }

    /// The user chooses emoji while a QR code is shown: we start SAS.
    mutating func startSAS() throws(VerificationCancelCode) -> [Outgoing] {
        guard phase == .ready, methods.contains(Self.sasMethod) else { throw .unexpectedMessage }
        return [sendStart()]
    }

    // MARK: QR codes

    /// Their `start` of `m.reciprocate.v1`: it must carry the secret of the code we show.
    private mutating func receiveReciprocation(_ theirs: VerificationStart) throws(VerificationCancelCode) -> [Outgoing] {
        guard phase == .ready, let qrCode, theirs.fromDevice == otherDeviceID else { throw .unexpectedMessage }
        guard let secret = theirs.secret, Self.sameSecret(secret, qrCode.sharedSecret) else { throw .keyMismatch }
        reciprocatedCode = qrCode
        self.qrCode = nil
        phase = .reciprocated
        return []
    }

    /// The user says the other device reports a successful scan: `done` goes, and the center
    /// trusts what the code proved.
    mutating func confirmScan() throws(VerificationCancelCode) -> [Outgoing] {
        guard phase == .reciprocated else { throw .unexpectedMessage }
        userConfirmed = true
        phase = receivedDone ? .done : .verified
        return [outgoing("done", [:])]
    }

    /// Compares two base64 secrets in time independent of where they differ.
    private static func sameSecret(_ theirs: String, _ ours: String) -> Bool {
        guard let a = Data(unpaddedBase64: theirs), let b = Data(unpaddedBase64: ours), a.count == b.count else { return false }
        return zip(a, b).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    // MARK: SAS

    private mutating func sendStart() -> Outgoing {
        let content: JSONValue = [
            "from_device": .string(own.deviceID), "method": .string(Self.sasMethod),
            "key_agreement_protocols": [.string(Self.keyAgreement)], "hashes": [.string(Self.hash)],
            "message_authentication_codes": .array(Self.macMethods.map(JSONValue.string)),
            "short_authentication_string": .array(Self.sasKinds.map(JSONValue.string)),
        ]
        let message = outgoing("start", content)
        start = VerificationStart(content: message.content)
        weStarted = true
        qrCode = nil
        phase = .started
        return message
    }

    /// Their `start`: accepted at once once the user accepted the request (or we asked). Two
    /// starts that cross: the one from the lower user ID (then device ID) counts.
    mutating func receiveStart(_ theirs: VerificationStart) throws(VerificationCancelCode) -> [Outgoing] {
        if theirs.method == Self.reciprocateMethod { return try receiveReciprocation(theirs) }
        guard theirs.method == Self.sasMethod else { throw .unknownMethod }
        if otherDeviceID == nil { otherDeviceID = theirs.fromDevice }
        guard theirs.fromDevice == otherDeviceID else { throw .unexpectedMessage }
        switch phase {
        case .ready:
            break
        case .started where weStarted && !sentKey && commitment == nil:
            let theirParty = SASParty(userID: otherUserID, deviceID: theirs.fromDevice)
            // Ours stands: theirs is ignored, as theirs is on their side.
            if (own.userID, own.deviceID) < (theirParty.userID, theirParty.deviceID) { return [] }
        default:
            throw .unexpectedMessage
        }
        return [try acceptStart(theirs)]
    }

    /// A legacy `start` with no request before it (to-device only): it waits for the user.
    mutating func holdLegacyStart(_ theirs: VerificationStart) throws(VerificationCancelCode) {
        guard theirs.method == Self.sasMethod else { throw .unknownMethod }
        start = theirs
    }

    private mutating func acceptStart(_ theirs: VerificationStart) throws(VerificationCancelCode) -> Outgoing {
        guard theirs.keyAgreementProtocols.contains(Self.keyAgreement), theirs.hashes.contains(Self.hash),
              let mac = Self.macMethods.first(where: theirs.messageAuthenticationCodes.contains) else { throw .unknownMethod }
        let kinds = Self.sasKinds.filter(theirs.shortAuthenticationStrings.contains)
        guard !kinds.isEmpty else { throw .unknownMethod }
        start = theirs
        weStarted = false
        qrCode = nil
        macMethod = mac
        shortAuthenticationStrings = kinds
        phase = .started
        let content: JSONValue = [
            "method": .string(Self.sasMethod), "key_agreement_protocol": .string(Self.keyAgreement), "hash": .string(Self.hash),
            "message_authentication_code": .string(mac), "short_authentication_string": .array(kinds.map(JSONValue.string)),
            "commitment": .string(SASCommitment.of(publicKey: keyAgreement.publicKey, startContent: theirs.content)),
        ]
        return outgoing("accept", content)
    }

    /// Their `accept` of our `start`: what they chose must be among what we offered.
    mutating func receiveAccept(_ accept: VerificationAccept) throws(VerificationCancelCode) -> [Outgoing] {
        guard phase == .started, weStarted, commitment == nil else { throw .unexpectedMessage }
        guard accept.keyAgreementProtocol == Self.keyAgreement, accept.hash == Self.hash,
              Self.macMethods.contains(accept.messageAuthenticationCode) else { throw .unknownMethod }
        let kinds = Self.sasKinds.filter(accept.shortAuthenticationStrings.contains)
        guard !kinds.isEmpty else { throw .unknownMethod }
        commitment = accept.commitment
        macMethod = accept.messageAuthenticationCode
        shortAuthenticationStrings = kinds
        sentKey = true
        return [outgoing("key", ["key": .string(keyAgreement.publicKey)])]
    }

    /// Their ephemeral key: the starter first checks it against the commitment. Both then derive
    /// the short authentication string.
    mutating func receiveKey(_ theirKey: String) throws(VerificationCancelCode) -> [Outgoing] {
        guard phase == .started, sas == nil, let start, let other else { throw .unexpectedMessage }
        var replies: [Outgoing] = []
        if weStarted {
            guard sentKey, let commitment else { throw .unexpectedMessage }
            guard SASCommitment.of(publicKey: theirKey, startContent: start.content) == commitment else { throw .mismatchedCommitment }
        } else {
            replies.append(outgoing("key", ["key": .string(keyAgreement.publicKey)]))
            sentKey = true
        }
        let established: EstablishedSAS
        do {
            established = try keyAgreement.establish(with: theirKey)
        } catch {
            throw .keyMismatch
        }
        let (starting, accepting) = weStarted ? (own, other) : (other, own)
        let info = SASInfo.shortAuthenticationString(
            starting: starting, startingKey: weStarted ? keyAgreement.publicKey : theirKey,
            accepting: accepting, acceptingKey: weStarted ? theirKey : keyAgreement.publicKey, transactionID: id)
        let bytes = established.bytes(info: info, count: 6)
        if shortAuthenticationStrings.contains("emoji") { emojiIndices = ShortAuthenticationString.emojiIndices(bytes) }
        decimals = ShortAuthenticationString.decimals(bytes)
        sas = established
        phase = .comparing
        return replies
    }

    /// The user says the strings match: our MAC over `ownKeys` (key ID → public key) goes.
    mutating func confirm(ownKeys: [String: String]) throws(VerificationCancelCode) -> [Outgoing] {
        guard phase == .comparing, let sas, let other else { throw .unexpectedMessage }
        userConfirmed = true
        phase = .confirmed
        let (mac, keys) = sas.macContent(for: ownKeys, sender: own, receiver: other, transactionID: id)
        return [outgoing("mac", ["mac": .object(mac.mapValues(JSONValue.string)), "keys": .string(keys)])]
    }

    /// Their MAC, which may come before the user confirmed: kept until then.
    mutating func receiveMAC(mac: [String: String], keys: String) throws(VerificationCancelCode) {
        guard phase == .comparing || phase == .confirmed, theirMAC == nil else { throw .unexpectedMessage }
        theirMAC = (mac, keys)
    }

    /// Checks their MAC against the keys we hold for them (key ID → public key). Their device
    /// key must be among those it proves. Then `done` goes.
    mutating func checkKeys(theirKeys: [String: String]) throws(VerificationCancelCode) -> [Outgoing] {
        guard awaitsKeyCheck, let theirMAC, let sas, let other else { throw .unexpectedMessage }
        let verified: Set<String>
        do {
            verified = try sas.verifiedKeyIDs(mac: theirMAC.mac, keys: theirMAC.keys, known: theirKeys, sender: other, receiver: own,
                                              transactionID: id)
        } catch {
            throw .keyMismatch
        }
        guard verified.contains("ed25519:\(other.deviceID)") else { throw .keyMismatch }
        verifiedKeyIDs = verified
        phase = receivedDone ? .done : .verified
        return [outgoing("done", [:])]
    }

    /// Their `done`: the end, once their keys checked out here.
    mutating func receiveDone() throws(VerificationCancelCode) {
        switch phase {
        case .verified: phase = .done
        case .confirmed where theirMAC != nil, .reciprocated: receivedDone = true
        default: throw .unexpectedMessage
        }
    }

    /// Ends the flow; the cancel to send when it is ours.
    mutating func cancel(_ code: VerificationCancelCode, byUs: Bool) -> Outgoing? {
        guard !phase.isOver else { return nil }
        phase = .cancelled(code, byUs: byUs)
        return byUs ? outgoing("cancel", ["code": .string(code.code), "reason": .string(code.reason)]) : nil
    }

    /// A message of this flow: the flow's reference added as its channel wants it.
    private func outgoing(_ step: String, _ content: JSONValue) -> Outgoing {
        let reference: (String, JSONValue) = switch channel {
        case .toDevice: ("transaction_id", .string(id))
        case .room: ("m.relates_to", ["rel_type": "m.reference", "event_id": .string(id)])
        }
        return Outgoing(type: VerificationMessage.typePrefix + step, content: content.adding(reference.0, reference.1))
    }
}

extension JSONValue {
    /// The object with one more member (other values stay as they are).
    func adding(_ key: String, _ value: JSONValue) -> JSONValue {
        guard case .object(var members) = self else { return self }
        members[key] = value
        return .object(members)
    }
}
