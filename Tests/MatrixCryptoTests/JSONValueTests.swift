import Foundation
import MatrixJSON
import Testing

/// The shared JSON value on its own; here because this target builds without the client.
@Suite struct JSONValueTests {
    private let sample: JSONValue = [
        "s": "x", "i": 42, "f": 1.5, "t": true, "n": nil, "a": [1, "two", ["k": []]], "big": 9_007_199_254_740_993,
    ]

    @Test func literalsBuildTheCases() {
        #expect(sample["s"] == .string("x") && sample["i"] == .integer(42) && sample["f"] == .double(1.5))
        #expect(sample["t"] == .bool(true) && sample["n"] == .null)
        #expect(sample["a"] == .array([.integer(1), .string("two"), .object(["k": .array([])])]))
    }

    @Test func accessorsAnswerOnlyForTheirKind() {
        #expect(sample["s"]?.string == "x" && sample["i"]?.string == nil)
        #expect(sample["t"]?.bool == true && sample["i"]?.bool == nil)
        #expect(sample["a"]?.array?.count == 3 && sample.object?.count == 7 && sample["s"]?.object == nil)
        #expect(sample["a"]?["k"] == nil && sample["missing"] == nil, "a subscript reads objects only")
    }

    /// JSON does not tell `1` from `1.0`, so the numeric accessors do not either.
    @Test func numbersReadAsEitherKind() {
        #expect(sample["i"]?.int == 42 && sample["i"]?.double == 42)
        #expect(sample["f"]?.double == 1.5 && sample["f"]?.int == nil)
        #expect(JSONValue.double(3).int == 3 && JSONValue.double(1e300).int == nil)
        #expect(sample["big"]?.int == 9_007_199_254_740_993, "an integer stays exact beyond 2^53")
        #expect(sample["s"]?.double == nil && sample["t"]?.int == nil)
    }

    @Test func codableRoundTripKeepsEveryCase() throws {
        let decoded = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(sample))
        #expect(decoded == sample)
    }

    @Test func decodingPrefersBoolThenIntegerThenDouble() throws {
        let decoded = try JSONDecoder().decode(JSONValue.self, from: Data(#"[true, 0, -7, 2.5, "1", null]"#.utf8))
        #expect(decoded == [true, .integer(0), -7, 2.5, "1", nil])
    }
}
