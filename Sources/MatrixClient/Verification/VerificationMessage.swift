import MatrixJSON

/// One step of a key verification as it arrived, to-device or in a room, checked for the fields
/// its step needs: whatever lacks them is no verification message at all. The flow it belongs to
/// is the to-device `transaction_id`, or in a room the request's event ID.
public struct VerificationMessage: Sendable, Equatable {
    public enum Step: Sendable, Equatable {
        /// `timestamp` only to-device (in a room the event's own time stands for it); `to`, the
        /// user asked, only in a room.
        case request(fromDevice: String, methods: [String], timestamp: Int64?, to: String?)
        case ready(fromDevice: String, methods: [String])
        /// The whole content is kept: the hash commitment is over it exactly as it came.
        case start(VerificationStart)
        case accept(VerificationAccept)
        case key(String)
        case mac(mac: [String: String], keys: String)
        case done
        case cancel(code: String, reason: String)
    }

    public let flowID: String
    public let sender: String
    public let step: Step

    public init(flowID: String, sender: String, step: Step) {
        self.flowID = flowID
        self.sender = sender
        self.step = step
    }

    static let typePrefix = "m.key.verification."
    public static let roomRequestMsgtype = "m.key.verification.request"

    /// A to-device message (`m.key.verification.*`), by its `transaction_id`.
    public init?(toDeviceType type: String, sender: String, content: JSONValue) {
        guard let flowID = content["transaction_id"]?.string, !flowID.isEmpty,
              let step = Self.step(type: type, content: content, inRoom: false) else { return nil }
        self.init(flowID: flowID, sender: sender, step: step)
    }

    /// A room event: the request is an `m.room.message` of its own msgtype, the steps after it
    /// refer to it with an `m.reference` relation.
    public init?(roomEvent event: SyncEvent) {
        if event.type == "m.room.message" {
            // The request's event ID names the flow: one without is no request anyone can answer.
            guard event.content["msgtype"]?.string == Self.roomRequestMsgtype, let eventID = event.eventID, !eventID.isEmpty,
                  let step = Self.step(type: Self.roomRequestMsgtype, content: event.content, inRoom: true) else { return nil }
            self.init(flowID: eventID, sender: event.sender, step: step)
            return
        }
        guard event.type != Self.roomRequestMsgtype, let relation = event.content["m.relates_to"],
              relation["rel_type"]?.string == "m.reference", let flowID = relation["event_id"]?.string, !flowID.isEmpty,
              let step = Self.step(type: event.type, content: event.content, inRoom: true) else { return nil }
        self.init(flowID: flowID, sender: event.sender, step: step)
    }

    private static func step(type: String, content: JSONValue, inRoom: Bool) -> Step? {
        guard type.hasPrefix(typePrefix) else { return nil }
        switch type.dropFirst(typePrefix.count) {
        case "request":
            guard let device = content["from_device"]?.string, let methods = strings(content["methods"]) else { return nil }
            let timestamp = content["timestamp"].flatMap { $0.int }.map(Int64.init)
            let to = content["to"]?.string
            if inRoom ? to == nil : timestamp == nil { return nil }
            return .request(fromDevice: device, methods: methods, timestamp: timestamp, to: to)
        case "ready":
            guard let device = content["from_device"]?.string, let methods = strings(content["methods"]) else { return nil }
            return .ready(fromDevice: device, methods: methods)
        case "start":
            return VerificationStart(content: content).map(Step.start)
        case "accept":
            return VerificationAccept(content: content).map(Step.accept)
        case "key":
            return content["key"]?.string.map(Step.key)
        case "mac":
            guard let mac = content["mac"]?.object, let keys = content["keys"]?.string else { return nil }
            let macs = mac.compactMapValues(\.string)
            guard macs.count == mac.count, !macs.isEmpty else { return nil }
            return .mac(mac: macs, keys: keys)
        case "done":
            return .done
        case "cancel":
            guard let code = content["code"]?.string else { return nil }
            return .cancel(code: code, reason: content["reason"]?.string ?? "")
        default:
            return nil
        }
    }

    static func strings(_ value: JSONValue?) -> [String]? {
        guard let array = value?.array else { return nil }
        let strings = array.compactMap(\.string)
        return strings.count == array.count ? strings : nil
    }
}

/// `m.key.verification.start`: the method and, for SAS, what the starting device offers.
public struct VerificationStart: Sendable, Equatable {
    public let fromDevice: String
    public let method: String
    public let keyAgreementProtocols: [String]
    public let hashes: [String]
    public let messageAuthenticationCodes: [String]
    public let shortAuthenticationStrings: [String]
    /// `m.reciprocate.v1`: the shared secret of the QR code the other side scanned.
    public let secret: String?
    /// As received: what the commitment of the accepting side covers.
    public let content: JSONValue

    init?(content: JSONValue) {
        guard let device = content["from_device"]?.string, let method = content["method"]?.string else { return nil }
        fromDevice = device
        self.method = method
        // Other methods (QR reciprocation) carry other fields; SAS needs all four lists.
        keyAgreementProtocols = VerificationMessage.strings(content["key_agreement_protocols"]) ?? []
        hashes = VerificationMessage.strings(content["hashes"]) ?? []
        messageAuthenticationCodes = VerificationMessage.strings(content["message_authentication_codes"]) ?? []
        shortAuthenticationStrings = VerificationMessage.strings(content["short_authentication_string"]) ?? []
        secret = content["secret"]?.string
        self.content = content
    }
}

/// `m.key.verification.accept`: what the accepting device chose, and its commitment.
public struct VerificationAccept: Sendable, Equatable {
    public let keyAgreementProtocol: String
    public let hash: String
    public let messageAuthenticationCode: String
    public let shortAuthenticationStrings: [String]
    public let commitment: String

    init?(content: JSONValue) {
        guard let agreement = content["key_agreement_protocol"]?.string, let hash = content["hash"]?.string,
              let mac = content["message_authentication_code"]?.string,
              let sas = VerificationMessage.strings(content["short_authentication_string"]),
              let commitment = content["commitment"]?.string else { return nil }
        keyAgreementProtocol = agreement
        self.hash = hash
        messageAuthenticationCode = mac
        shortAuthenticationStrings = sas
        self.commitment = commitment
    }
}
