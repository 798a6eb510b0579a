/// How a command names a message: by the number it was shown with (`~12`), by its place from
/// the newest (`^` the latest, `^2` the one before), or by its event ID (`$…`). The `~` cannot be
/// taken for a Matrix sigil.
public enum MessageReference: Sendable, Equatable {
    case shown(Int)
    case latest(Int)
    case eventID(String)

    public init?(_ text: String) {
        if text.hasPrefix("~"), let number = Int(text.dropFirst()), number >= 1 {
            self = .shown(number)
        } else if text == "^" {
            self = .latest(1)
        } else if text.hasPrefix("^"), let place = Int(text.dropFirst()), place >= 1 {
            self = .latest(place)
        } else if text.hasPrefix("$"), text.count > 1, !text.contains(where: \.isWhitespace) {
            self = .eventID(text)
        } else {
            return nil
        }
    }

    public var text: String {
        switch self {
        case .shown(let number): "~\(number)"
        case .latest(1): "^"
        case .latest(let place): "^\(place)"
        case .eventID(let id): id
        }
    }
}

/// The numbers a room's messages are shown with, for this session: a message keeps its number
/// however often it is shown, and numbers go up in the order messages are first shown.
struct ReferenceTable: Sendable, Equatable {
    private var numbers: [String: Int] = [:]
    private var eventIDs: [String] = []

    mutating func number(for eventID: String) -> Int {
        if let number = numbers[eventID] { return number }
        eventIDs.append(eventID)
        numbers[eventID] = eventIDs.count
        return eventIDs.count
    }

    /// The number of a message already shown, without numbering one that was not.
    func number(ifShown eventID: String) -> Int? {
        numbers[eventID]
    }

    func eventID(for number: Int) -> String? {
        guard eventIDs.indices.contains(number - 1) else { return nil }
        let eventID = eventIDs[number - 1]
        // A message still in the outbox has a number but no event yet.
        return eventID.hasPrefix(Self.pendingPrefix) ? nil : eventID
    }

    /// Whether `number` names a message of ours the server does not have yet.
    func isPending(_ number: Int) -> Bool {
        eventIDs.indices.contains(number - 1) && eventIDs[number - 1].hasPrefix(Self.pendingPrefix)
    }

    /// The number of a message of ours that is still being sent, known by its transaction ID.
    mutating func number(forPending transactionID: String) -> Int {
        number(for: Self.pendingPrefix + transactionID)
    }

    /// The server has our message: its number now names the event.
    mutating func confirm(transactionID: String, as eventID: String) {
        guard let number = numbers.removeValue(forKey: Self.pendingPrefix + transactionID), numbers[eventID] == nil else { return }
        numbers[eventID] = number
        eventIDs[number - 1] = eventID
    }

    /// Event IDs start with `$`: this cannot be one.
    private static let pendingPrefix = "txn:"
}
