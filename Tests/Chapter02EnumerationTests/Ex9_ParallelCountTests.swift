import Testing
import Chapter02Enumeration

@Suite("Exercise 2.9: Count on every core, in Swift 6")
struct Ex9_ParallelCountTests {
    @Test("counts the numbers greater than the limit")
    func counts() {
        let count = countGreater(than: 2, in: [1, 5, 2, 8, 3])
        #expect(count == 3, "[1, 5, 2, 8, 3] has 3 numbers greater than 2; the count was \(count)")
    }

    @Test("gives 0 for an empty array")
    func empty() {
        let count = countGreater(than: 0, in: [])
        #expect(count == 0, "an empty array has nothing to count; the count was \(count)")
    }

    @Test("does not count numbers equal to the limit")
    func equalNotGreater() {
        let count = countGreater(than: 4, in: [4, 4, 4, 5])
        #expect(count == 1, "of [4, 4, 4, 5] only 5 is greater than 4; the count was \(count)")
    }

    @Test("loses no match in a large array tested on many threads at once")
    func large() {
        let numbers = Array(1...100_000)
        let count = countGreater(than: 25_000, in: numbers)
        #expect(count == 75_000, "1…100000 has 75000 numbers greater than 25000; the count was \(count)")
    }

    @Test("counts arrays shorter than the number of threads, and negative limits")
    func small() {
        #expect(countGreater(than: -10, in: [-3]) == 1, "[-3] has one number greater than -10")
        #expect(countGreater(than: 0, in: [1, 2, 3]) == 3, "[1, 2, 3] has 3 numbers greater than 0")
    }
}
