import Foundation

/// A response that reads its own body with `JSONReader` instead of `Decodable`: the large ones
/// (sync, message pages), where Foundation's decoder would be the slowest step.
protocol JSONReadable {
    init(json: Data) throws(MatrixError)
}

extension JSONReader {
    /// Reads `data` as a `Value` with `read`, reporting failure as `MatrixClient.decode` does:
    /// a decoding error naming the type and where the text went wrong.
    static func decode<Value>(_ data: Data, as type: Value.Type,
                              _ read: (inout JSONReader) throws(JSONError) -> Value) throws(MatrixError) -> Value {
        do {
            return try JSONReader.read(data, read)
        } catch {
            throw .decoding("\(Value.self): \(error)")
        }
    }
}
