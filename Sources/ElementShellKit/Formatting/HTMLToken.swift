/// One piece of an HTML fragment as `HTMLTokenizer` reads it. Tag and attribute names are
/// lowercased; text and attribute values have their character references decoded.
enum HTMLToken: Sendable, Equatable {
    case text(String)
    case start(name: String, attributes: [String: String], selfClosing: Bool)
    case end(name: String)
}
