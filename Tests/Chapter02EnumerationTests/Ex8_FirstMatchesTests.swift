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

@Suite("Exercise 2.8: The first n matches, and not one element more")
struct Ex8_FirstMatchesTests {
    @Test("returns the first n matches, in order")
    func firstMatches() {
        let found = [9, 2, 7, 4, 6, 1, 8].firstMatches(3) { $0.isMultiple(of: 2) }
        #expect(found == [2, 4, 6], "the first three even numbers are 2, 4 and 6; got \(found)")
    }

    @Test("takes no element from the sequence after the nth match")
    func stopsPulling() {
        let tally = Tally()
        _ = counted([9, 2, 7, 4, 6, 1, 8, 10, 12], tally: tally).firstMatches(3) { $0.isMultiple(of: 2) }
        #expect(tally.pulled == 5,
                "the third even number is the fifth element, so 5 elements should be taken; \(tally.pulled) were — stop as soon as you have n")
    }

    @Test("calls the predicate only as often as it must", arguments: [1, 2, 3])
    func predicateCalls(count: Int) {
        var calls = 0
        _ = Array(1...100).firstMatches(count) { number in
            calls += 1
            return number.isMultiple(of: 10)
        }
        #expect(calls == count * 10,
                "the \(count) first multiples of 10 end at \(count * 10), so the predicate should run \(count * 10) times; it ran \(calls)")
    }

    @Test("asking for zero matches looks at nothing")
    func zero() {
        let tally = Tally()
        let found = counted([2, 4, 6], tally: tally).firstMatches(0) { _ in true }
        #expect(found.isEmpty, "zero matches were asked for; got \(found)")
        #expect(tally.pulled == 0, "with count 0 no element needs to be taken; \(tally.pulled) were")
    }

    @Test("a negative count is taken as zero: nothing is returned, nothing looked at", arguments: [-1, -5])
    func negative(count: Int) {
        let tally = Tally()
        let found = counted([2, 4, 6], tally: tally).firstMatches(count) { _ in true }
        #expect(found.isEmpty, "a count of \(count) asks for no matches; got \(found)")
        #expect(tally.pulled == 0, "with count \(count) no element needs to be taken; \(tally.pulled) were")
    }

    @Test("returns every match when there are fewer than n")
    func fewer() {
        let found = [1, 2, 3, 4].firstMatches(10) { $0 > 2 }
        #expect(found == [3, 4], "only 3 and 4 match, so both come back; got \(found)")
    }
}
