/// "Did you mean …?" for a mistyped name: a name the input begins, else the nearest by edit distance.
public enum Suggestion {
    public static func nearest(to input: String, among candidates: some Sequence<String>) -> String? {
        let input = input.lowercased()
        guard !input.isEmpty else { return nil }
        let sorted = candidates.sorted()
        if let completion = sorted.filter({ $0.hasPrefix(input) }).min(by: { $0.count < $1.count }) {
            return completion
        }
        let limit = max(1, min(3, input.count / 3))
        let scored = sorted.map { ($0, editDistance(input, $0.lowercased())) }.filter { $0.1 <= limit }
        return scored.min { $0.1 < $1.1 }?.0
    }

    /// Edit distance over characters in which swapping two neighbours costs one, as typos do
    /// (optimal string alignment).
    static func editDistance(_ lhs: String, _ rhs: String) -> Int {
        let left = Array(lhs), right = Array(rhs)
        guard !left.isEmpty, !right.isEmpty else { return max(left.count, right.count) }
        var table = [[Int]](repeating: [Int](repeating: 0, count: right.count + 1), count: left.count + 1)
        for i in 0...left.count { table[i][0] = i }
        for j in 0...right.count { table[0][j] = j }
        for i in 1...left.count {
            for j in 1...right.count {
                let cost = left[i - 1] == right[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, left[i - 1] == right[j - 2], left[i - 2] == right[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[left.count][right.count]
    }
}
