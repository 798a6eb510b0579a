/// The window on the account's rooms that a sliding sync connection asks for, as Element X grows
/// it: the first screen (the 20 most recent rooms) first, then ever larger windows at once until
/// every room is in, then all of them with room to spare, so rooms that join the list are in it
/// too. The server sends each room once when it enters the window and its changes from then on.
struct SlidingSyncRoomList: Sendable, Equatable {
    static let firstScreen = 20
    /// The most rooms one response adds while the list loads: bounds the response's size.
    static let largestStep = 1000
    /// Rooms beyond the count that the window covers once loaded.
    static let headroom = 100

    /// The last index asked for (inclusive).
    private(set) var windowEnd = firstScreen - 1
    /// Whether the last response's window held every room the server counted: the list is in.
    private(set) var isLoaded = false

    /// Whether a response's count has been taken yet.
    private(set) var hasCount = false

    var ranges: [[Int]] { [[0, windowEnd]] }

    /// A list the connection has sent up to `count` rooms of (a later run of one session): the
    /// window holds them all at once, since the server sends only what changed in them.
    mutating func resume(count: Int) {
        windowEnd = max(windowEnd, count - 1 + Self.headroom)
    }

    /// Takes the count a response to the window gave and moves the window for the next request:
    /// larger by up to four times what it held while rooms remain, to the count and its headroom
    /// once it holds them all. A response without a count (the list left out) holds them all:
    /// there is nothing to ask further for.
    mutating func take(count: Int?) {
        hasCount = true
        let size = windowEnd + 1
        guard let count else { return isLoaded = true }
        isLoaded = size >= count
        if !isLoaded {
            windowEnd = min(count, size + min(Self.largestStep, size * 4)) - 1
        } else {
            windowEnd = max(windowEnd, count - 1 + Self.headroom)
        }
    }
}
