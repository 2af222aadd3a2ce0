import Testing
import Chapter02Enumeration

@Suite("Exercise 2.10: Count on every core, in Swift 6")
struct Ex10_ParallelCountTests {
    @Test("counts the numbers greater than the limit")
    func counts() {
        let count = countGreater(than: 2, in: [1, 5, 2, 8, 3], slices: 2)
        #expect(count == 3, "[1, 5, 2, 8, 3] in 2 slices has 3 numbers greater than 2; the count was \(count)")
    }

    @Test("gives 0 for an empty array")
    func empty() {
        let count = countGreater(than: 0, in: [], slices: 4)
        #expect(count == 0, "an empty array has nothing to count; the count was \(count)")
    }

    @Test("does not count numbers equal to the limit")
    func equalNotGreater() {
        let count = countGreater(than: 4, in: [4, 4, 4, 5], slices: 2)
        #expect(count == 1, "of [4, 4, 4, 5] only 5 is greater than 4; the count was \(count)")
    }

    @Test("counts the numbers left over when the slices do not divide the array evenly")
    func remainder() {
        // Ten numbers in three slices: a size of 10 / 3 = 3 leaves the tenth out.
        let count = countGreater(than: 0, in: Array(1...10), slices: 3)
        #expect(count == 10,
                Comment(rawValue: "1…10 in 3 slices has 10 numbers greater than 0; the count was \(count)"
                    + (count == 9 ? ": 3 slices of 10 / 3 = 3 numbers cover only 9 of the 10" : "")))
    }

    @Test("counts arrays with fewer numbers than slices, and negative limits")
    func moreSlicesThanNumbers() {
        let few = countGreater(than: -10, in: [-3], slices: 8)
        #expect(few == 1, "[-3] in 8 slices has one number greater than -10; the count was \(few)")
        let three = countGreater(than: 0, in: [1, 2, 3], slices: 5)
        #expect(three == 3, "[1, 2, 3] in 5 slices has 3 numbers greater than 0; the count was \(three)")
    }

    @Test("takes fewer than one slice as one")
    func noSlices() {
        for slices in [0, -2] {
            let count = countGreater(than: 1, in: [1, 2, 3], slices: slices)
            #expect(count == 2, "[1, 2, 3] with slices: \(slices) (taken as 1) has 2 numbers greater than 1; the count was \(count)")
        }
    }

    @Test("gives a plain loop's count for every length up to 40 and every slice count up to 9")
    func everyShape() {
        for length in 0...40 {
            // Every third number counts, so a slice lost or counted twice changes the total.
            let numbers = (0..<length).map { $0 % 3 }
            let expected = numbers.count { $0 > 1 }
            for slices in 1...9 {
                let count = countGreater(than: 1, in: numbers, slices: slices)
                #expect(count == expected,
                        "\(length) numbers in \(slices) slices: the count was \(count); expected \(expected), as a plain loop gives")
            }
        }
    }

    @Test("loses no match in a large array tested on many threads at once")
    func large() {
        let numbers = Array(1...100_000)
        let count = countGreater(than: 25_000, in: numbers, slices: 64)
        #expect(count == 75_000, "1…100000 in 64 slices has 75000 numbers greater than 25000; the count was \(count)")
    }
}
