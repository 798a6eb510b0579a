/// Appends compact JSON text as Synapse sends it (no spaces, non-ASCII unescaped), without a
/// value tree in between, so a 1,000-room file is written in one pass. Commas are placed by
/// the writer: callers only say what comes next.
struct JSONWriter {
    private(set) var text = ""
    private var needsComma = false

    init(reservingCapacity capacity: Int) {
        text.reserveCapacity(capacity)
    }

    mutating func object(_ members: (inout JSONWriter) -> Void) {
        nested(open: "{", close: "}", members)
    }

    mutating func array(_ elements: (inout JSONWriter) -> Void) {
        nested(open: "[", close: "]", elements)
    }

    /// `"name":`, ready for the member's value.
    mutating func key(_ name: String) {
        value(name)
        text += ":"
        needsComma = false
    }

    mutating func value(_ string: String) {
        separate()
        text += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20: text += "\\u" + String(repeating: "0", count: scalar.value < 0x10 ? 3 : 2) + String(scalar.value, radix: 16)
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }

    mutating func value(_ number: Int) {
        separate()
        text += String(number)
    }

    mutating func value(_ flag: Bool) {
        separate()
        text += flag ? "true" : "false"
    }

    mutating func member(_ name: String, _ string: String) {
        key(name)
        value(string)
    }

    mutating func member(_ name: String, _ number: Int) {
        key(name)
        value(number)
    }

    mutating func member(_ name: String, object members: (inout JSONWriter) -> Void) {
        key(name)
        object(members)
    }

    /// `"name":{"events":[…]}`, the shape of every event list in a sync response.
    mutating func events(_ name: String, _ elements: (inout JSONWriter) -> Void) {
        member(name) { $0.key("events"); $0.array(elements) }
    }

    private mutating func nested(open: String, close: String, _ body: (inout JSONWriter) -> Void) {
        separate()
        text += open
        needsComma = false
        body(&self)
        text += close
        needsComma = true
    }

    private mutating func separate() {
        if needsComma { text += "," }
        needsComma = true
    }
}
