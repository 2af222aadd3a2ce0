import Foundation
import Testing
import Chapter02Enumeration

@Suite("Exercise 2.2: `indexes(where:)`, the Swift `indexesOfObjectsPassingTest:`")
struct Ex2_IndexesWhereTests {
    @Test("returns every passing index, not just the first")
    func everyMatch() {
        let prices = [1, 4, 2, 8, 5]
        let found = prices.indexes { $0 > 3 }
        #expect(found == IndexSet([1, 3, 4]),
                "4, 8 and 5 are above 3, at indices 1, 3 and 4; got \(Array(found))")
    }

    @Test("returns an empty set when nothing passes, or there is nothing to test")
    func nothingPasses() {
        #expect([1, 2, 3].indexes { $0 > 10 }.isEmpty, "no number is above 10, so no index should be returned")
        #expect([Int]().indexes { _ in true }.isEmpty, "an empty array has no indices at all")
    }

    @Test("uses a slice's own indices, which do not start at 0")
    func sliceIndices() {
        let numbers = [7, 1, 9, 3, 8, 2, 6]
        let tail = numbers[3...]  // indices 3, 4, 5, 6
        let found = tail.indexes { $0 > 5 }
        #expect(found == IndexSet([4, 6]),
                Comment(rawValue: "in numbers[3...] the 8 and the 6 sit at indices 4 and 6 (a slice keeps its parent's indices); got \(Array(found))"
                    + (found == IndexSet([1, 3]) ? ": those are their offsets from the slice's start; walk `indices`, not `enumerated()` offsets" : "")))
    }

    @Test("passes on the predicate's error, and asks no element after it")
    func throwingPredicate() {
        struct UnreadablePrice: Error, Equatable { var value: Int }
        let prices = [1, 4, -2, 8]
        var asked: [Int] = []
        #expect(throws: UnreadablePrice(value: -2), "the predicate throws at -2 (index 2): indexes(where:) should throw that same error, not return a set") {
            _ = try prices.indexes { price in
                asked.append(price)
                if price < 0 { throw UnreadablePrice(value: price) }
                return price > 3
            }
        }
        #expect(asked == [1, 4, -2],
                "the predicate was asked about \(asked); after it throws at -2 nothing more should be asked, so expected [1, 4, -2]")
    }

    @Test("agrees with the standard library's indices(where:)", arguments: [
        [Int](), [3], [4, 4, 4], [0, 5, 1, 6, 2, 7], Array(0..<50),
    ])
    func agreesWithRangeSet(numbers: [Int]) {
        let expected = IndexSet(numbers.indices(where: { $0.isMultiple(of: 2) }).ranges.joined())
        let found = numbers.indexes { $0.isMultiple(of: 2) }
        #expect(found == expected, "for \(numbers) the even numbers sit at \(Array(expected)); got \(Array(found))")
    }
}
