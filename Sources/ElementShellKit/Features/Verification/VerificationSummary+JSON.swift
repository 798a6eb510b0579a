import Foundation
import MatrixClient
import MatrixCrypto
import MatrixJSON

extension VerificationSummary {
    /// The fields of a verification step for `--output json`: enough for a script to drive one
    /// side and compare the emoji with the other (`description` is the spec's English name).
    var json: [String: JSONValue] {
        var fields: [String: JSONValue] = [
            "number": .integer(Int64(number)), "flow_id": .string(flowID), "user_id": .string(otherUserID),
            "device_id": otherDeviceID.map(JSONValue.string) ?? .null, "room_id": roomID.map(JSONValue.string) ?? .null,
            "own_device": .bool(isOwnUser), "incoming": .bool(isIncoming), "state": .string(state.name),
        ]
        if let emojiIndices {
            fields["emoji"] = .array(emojiIndices.map { index in
                let emoji = SASEmoji.all[index]
                return ["index": .integer(Int64(index)), "symbol": .string(emoji.symbol), "description": .string(emoji.name),
                        "name": .string(emoji.localizedName)]
            })
        }
        if let decimals { fields["decimals"] = .array(decimals.map { .integer(Int64($0)) }) }
        // What a scanning script reads instead of the terminal's blocks.
        if let qrCode { fields["qr_code"] = .string(Data(qrCode).base64EncodedString()) }
        if case .cancelled(let code, let byUs) = state {
            fields["cancel_code"] = .string(code.code)
            fields["cancelled_by"] = .string(byUs ? "us" : "them")
        }
        if let outcome {
            fields["verified_device"] = .bool(outcome.device)
            fields["verified_identity"] = .bool(outcome.identity)
            fields["requested_secrets"] = .bool(outcome.requestedSecrets)
            fields["without_cross_signing"] = .array(crossSigningGaps.userIDs.map(JSONValue.string))
        }
        return fields
    }
}

/// `--output json` for the verification commands; the fields are in docs/json-output.md.
extension VerificationOutcome {
    var json: [String: JSONValue] {
        switch self {
        case .standing(let summary), .step(let summary): ["verification": .object(summary.json)]
        case .list(let summaries): ["verifications": .array(summaries.map { .object($0.json) })]
        }
    }
}
