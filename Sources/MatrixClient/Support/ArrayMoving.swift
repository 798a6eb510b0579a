extension Array {
    /// Appends `other`'s elements, moved rather than copied, and leaves `other` empty. A copy
    /// retains every object the elements hold and dropping `other` releases each again: for the
    /// tens of thousands of messages of an initial sync's batch, two cache misses an object.
    /// `vacant` holds no object (empty strings, `nil`s), so the places it fills cost nothing to
    /// add or drop.
    mutating func append(moving other: inout [Element], vacant: Element) {
        guard !other.isEmpty else { return }
        guard !isEmpty else { return swap(&self, &other) }
        let start = count
        append(contentsOf: repeatElement(vacant, count: other.count))
        withUnsafeMutableBufferPointer { destination in
            other.withUnsafeMutableBufferPointer { source in
                for index in source.indices { swap(&destination[start + index], &source[index]) }
            }
        }
        other = []
    }
}
