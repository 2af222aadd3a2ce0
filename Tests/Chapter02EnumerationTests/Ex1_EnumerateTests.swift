import Testing
import Chapter02Enumeration

/// Counts how many elements were taken from a sequence: the work an early stop saves.
private final class Tally {
    var pulled = 0
}

private func counted(_ values: [Int], tally: Tally) -> some Sequence<Int> {
    sequence(state: values.makeIterator()) { iterator in
        let next = iterator.next()
        if next != nil { tally.pulled += 1 }
        return next
    }
}

private struct Burnt: Error {}

@Suite("Exercise 2.1: Enumerate with a stop flag")
struct Ex1_EnumerateTests {
    @Test("visits every element with its position when nobody stops")
    func visitsAll() {
        var visited: [String] = []
        let stopped = ["Burger", "Fries", "Milkshake"].enumerate { item, index, _ in
            visited.append("\(index):\(item)")
        }
        #expect(visited == ["0:Burger", "1:Fries", "2:Milkshake"],
                "enumerate should hand the block each element with its position; it visited \(visited)")
        #expect(!stopped, "nobody set stop, so enumerate(_:) should return false")
    }

    @Test("visits no element after the block sets stop", arguments: [0, 2, 7])
    func stopsWhenAsked(stopIndex: Int) {
        var visited: [Int] = []
        let stopped = Array(10..<20).enumerate { number, index, stop in
            visited.append(number)
            if index == stopIndex { stop = true }
        }
        let expected = Array(10...(10 + stopIndex))
        #expect(visited == expected,
                "the block set stop at index \(stopIndex), so the last element visited should be \(expected.last!); it visited \(visited)")
        #expect(stopped, "the block stopped the enumeration, so enumerate(_:) should return true")
    }

    @Test("takes no element from the sequence after stop")
    func pullsNothingAfterStop() {
        let tally = Tally()
        counted([5, 6, 7, 8, 9, 10], tally: tally).enumerate { _, index, stop in
            if index == 2 { stop = true }
        }
        #expect(tally.pulled == 3,
                Comment(rawValue: "stopping at index 2 should take exactly 3 elements from the sequence; it took \(tally.pulled)"
                    + (tally.pulled == 4 ? ": one more than stopping at index 2 needs" : "")))
    }

    @Test("never calls the block for an empty sequence")
    func emptySequence() {
        var calls = 0
        let stopped = [Int]().enumerate { _, _, _ in calls += 1 }
        #expect(calls == 0, "an empty array has nothing to visit; the block ran \(calls) times")
        #expect(!stopped)
    }

    @Test("rethrows the block's error and visits nothing after it")
    func passesErrorsOn() {
        var visited: [String] = []
        #expect(throws: Burnt.self, "the block threw at Fries; enumerate should pass the error on") {
            try ["Burger", "Fries", "Milkshake"].enumerate { item, _, _ in
                visited.append(item)
                if item == "Fries" { throw Burnt() }
            }
        }
        #expect(visited == ["Burger", "Fries"], "after the block threw, nothing more should be visited; it visited \(visited)")
    }
}
