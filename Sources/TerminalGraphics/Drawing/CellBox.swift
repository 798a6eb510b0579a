/// A size in terminal cells: how far a picture may reach, or how far it does.
public struct CellBox: Sendable, Hashable, CustomStringConvertible {
    public let columns: Int
    public let rows: Int

    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    public var description: String { "\(columns)x\(rows)" }

    /// "40x12" (also with × or X), at least one cell each way.
    public init?(parsing text: String) {
        let parts = text.split(whereSeparator: { "xX×".contains($0) })
        guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]), columns > 0, rows > 0 else { return nil }
        self.init(columns: columns, rows: rows)
    }
}
