import Testing
@testable import MatrixClient

/// `append(moving:vacant:)` puts a batch's parts together without copying their elements.
@Suite struct ArrayMovingTests {
    final class Box {
        let name: String
        init(_ name: String) { self.name = name }
    }

    struct Element {
        var box: Box?
    }

    @Test func theOtherArraysElementsFollowInOrderAndItIsLeftEmpty() {
        var first = [Element(box: Box("a")), Element(box: Box("b"))]
        var second = [Element(box: Box("c")), Element(box: nil), Element(box: Box("d"))]
        first.append(moving: &second, vacant: Element(box: nil))

        #expect(first.map { $0.box?.name } == ["a", "b", "c", nil, "d"])
        #expect(second.isEmpty)
    }

    @Test func eachElementIsMovedNotCopied() {
        var first = [Element(box: Box("a"))]
        var second = (0..<100).map { Element(box: Box("\($0)")) }
        first.append(moving: &second, vacant: Element(box: nil))

        // A copy left anywhere (in the emptied array, in a vacant place) would share the box.
        for index in first.indices {
            #expect(isKnownUniquelyReferenced(&first[index].box!))
        }
    }

    @Test func anEmptySideTakesTheOtherWhole() {
        var empty: [Element] = []
        var other = [Element(box: Box("a"))]
        empty.append(moving: &other, vacant: Element(box: nil))
        #expect(empty.map { $0.box?.name } == ["a"] && other.isEmpty)
        empty.append(moving: &other, vacant: Element(box: nil))
        #expect(empty.count == 1)
        #expect(isKnownUniquelyReferenced(&empty[0].box!))
    }
}
