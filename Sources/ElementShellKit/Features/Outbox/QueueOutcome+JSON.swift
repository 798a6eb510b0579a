import MatrixJSON

/// `--output json` for `/queue`, `/resend` and `/cancel`; the fields are in docs/json-output.md.
extension QueueOutcome {
    var json: [String: JSONValue] {
        switch self {
        case .list(let messages):
            ["queue": .array(messages.enumerated().map { index, message in
                ["number": .integer(Int64(index + 1)), "room_id": .string(message.entry.roomID), "room": message.roomName.json,
                 "transaction_id": .string(message.entry.transactionID), "body": .string(message.entry.body),
                 "attempts": .integer(Int64(message.entry.attempts)), "failed": .bool(message.entry.failed),
                 "held": .bool(message.entry.held)]
            })]
        case .resent(let count), .cancelled(let count): ["count": .integer(Int64(count))]
        }
    }
}
