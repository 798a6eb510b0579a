import Foundation
import MatrixJSON
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// The hand-written reader behind sync decoding: what it accepts exactly, and that everything
/// else is an error rather than a crash or a wrong value.
@Suite struct JSONReaderTests {
    private func value(_ text: String) throws(JSONError) -> JSONValue {
        try value(Data(text.utf8))
    }

    private func value(_ bytes: Data) throws(JSONError) -> JSONValue {
        try JSONReader.read(bytes) { reader throws(JSONError) in try JSONValue(reading: &reader) }
    }

    private func reason(_ text: String) -> JSONError.Reason? {
        reason(Data(text.utf8))
    }

    private func reason(_ bytes: Data) -> JSONError.Reason? {
        do {
            _ = try value(bytes)
            return nil
        } catch {
            return error.reason
        }
    }

    @Test func readsEveryKindOfValue() throws {
        #expect(try value(#" { "a" : [ true , false , null , "x" , -0.5e1 , {} , [] ] } "#)
            == .object(["a": .array([.bool(true), .bool(false), .null, .string("x"), .integer(-5), .object([:]), .array([])])]))
        #expect(try value("0") == .integer(0) && value("-0") == .integer(0))
    }

    /// The reader and `Codable` give the same value, so content read from a sync writes back as it came.
    @Test func agreesWithCodable() throws {
        let text = #"{"s":"x","i":-42,"f":1.5,"e":2e-3,"t":true,"n":null,"a":[1,{"k":[]}],"ts":1700000000123}"#
        let read = try value(text)
        #expect(try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) == read)
        #expect(try value(JSONEncoder().encode(read)) == read)
    }

    @Test func readsNumbersExactly() throws {
        #expect(try value("1700000000123") == .integer(1_700_000_000_123))
        #expect(try value("9007199254740993").double == 9_007_199_254_740_992, "beyond 2^53, rounded like a Double")
        #expect(try value("123456789012345678901234567890").double == 1.2345678901234568e29)
        #expect(try value("1.25E+2") == .integer(125) && value("2e-3") == .double(0.002))
        #expect(try value("-12").int == -12 && value("1.5").int == nil)
    }

    @Test func rejectsMalformedNumbers() {
        for text in ["01", "-", "1.", ".5", "1e", "1e+", "+1", "0x10", "NaN", "Infinity", "--1", "1.5.2"] {
            guard case .syntax = reason(text) else {
                Issue.record("\(text) was accepted")
                continue
            }
        }
    }

    @Test func decodesEscapes() throws {
        #expect(try value(#""\" \\ \/ \b \f \n \r \t""#) == .string("\" \\ / \u{08} \u{0C} \n \r \t"))
        #expect(try value(#""caf\u00e9 \u20AC""#) == .string("café €"))
        #expect(try value(#""\ud83d\ude00 smile""#) == .string("😀 smile"), "a surrogate pair is one character")
        #expect(try value(#""a\u0000b""#) == .string("a\u{0}b"))
    }

    @Test func loneSurrogatesBecomeReplacementCharacters() throws {
        #expect(try value(#""\ud83d""#) == .string("\u{FFFD}"))
        #expect(try value(#""\ude00x""#) == .string("\u{FFFD}x"))
        #expect(try value(#""\ud83d\u0041""#) == .string("\u{FFFD}A"), "a high half followed by no low half")
    }

    @Test func rejectsBrokenStrings() {
        #expect(reason(#""open"#) == .syntax("unexpected end of text"))
        #expect(reason("\"tab\there\"") == .syntax("control character in a string"))
        #expect(reason(#""\x""#) == .syntax("invalid escape in a string"))
        #expect(reason(#""\u12""#) == .syntax("\\u must be followed by four hex digits"))
        #expect(reason(#""\u12G4""#) == .syntax("\\u must be followed by four hex digits"))
    }

    /// Bytes that are not UTF-8 become U+FFFD: refusing the response would refuse it on every
    /// try, and so stop sync for good over one broken string.
    @Test func readsInvalidUTF8AsReplacementCharacters() throws {
        func string(_ bytes: [UInt8]) throws -> JSONValue {
            try JSONReader.read(Data(bytes)) { reader throws(JSONError) in try JSONValue(reading: &reader) }
        }
        #expect(try string([0x22, 0xC3, 0x28, 0x22]) == .string("\u{FFFD}("), "a broken two-byte sequence")
        #expect(try string([0x22, 0xED, 0xA0, 0x80, 0x22]) == .string("\u{FFFD}\u{FFFD}\u{FFFD}"), "an encoded surrogate")
        #expect(try string([0x22, 0xFF, 0x5C, 0x6E, 0x22]) == .string("\u{FFFD}\n"), "beside an escape")
        #expect(try string([0x7B, 0x22, 0xC0, 0xAF, 0x22, 0x3A, 0x31, 0x7D]) == .object(["\u{FFFD}\u{FFFD}": .integer(1)]), "an overlong key")
        #expect(try string([0x22, 0xE2, 0x82, 0xAC, 0x22]) == .string("€"), "valid UTF-8 passes")
    }

    @Test func rejectsBrokenStructure() {
        #expect(reason("") == .syntax("unexpected end of text"))
        #expect(reason("{") == .syntax("unexpected end of text"))
        #expect(reason(#"{"a":1,}"#) == .syntax("expected a member name in quotes"))
        #expect(reason(#"{"a" 1}"#) == .syntax("expected ':' after a member name"))
        #expect(reason(#"{"a":1 "b":2}"#) == .syntax("expected ',' or '}' in an object"))
        #expect(reason("[1,]") == .syntax("expected a value"))
        #expect(reason("[1 2]") == .syntax("expected ',' or ']' in an array"))
        #expect(reason("{} {}") == .syntax("unexpected text after the value"))
        #expect(reason("tru") == .syntax("unexpected end of text") || reason("tru") == .syntax("expected true"))
        #expect(reason("nul1") == .syntax("expected null"))
        #expect(reason("<html>") == .syntax("expected a value"))
    }

    @Test func boundsNesting() throws {
        let deepest = String(repeating: "[", count: JSONReader.maximumDepth) + String(repeating: "]", count: JSONReader.maximumDepth)
        #expect(reason(deepest) == nil)
        let tooDeep = "[" + deepest + "]"
        #expect(reason(tooDeep) == .tooDeep)
        #expect(reason(String(repeating: #"{"a":"#, count: 100_000)) == .tooDeep, "no stack overflow, however deep")
    }

    @Test func mismatchesNameTheirPlace() {
        #expect {
            try JSONReader.read(Data(#"{"outer":{"inner":"text"}}"#.utf8)) { reader throws(JSONError) in
                try reader.readObject { reader, _ throws(JSONError) in
                    try reader.readObject { reader, _ throws(JSONError) in _ = try reader.readInteger() }
                }
            }
        } throws: { error in
            (error as? JSONError)?.description == "outer.inner: expected a number at byte 18"
        }
    }

    @Test func aDecodingFailureNamesTheTypeAndThePlace() {
        #expect(throws: MatrixError.decoding("SyncResponse: invalid JSON at byte 0: expected a value")) {
            try SyncResponse(json: Data("<html>".utf8))
        }
        #expect(throws: MatrixError.decoding("SyncResponse: next_batch: expected a string at byte 14")) {
            try SyncResponse(json: Data(#"{"next_batch":5}"#.utf8))
        }
    }
}
