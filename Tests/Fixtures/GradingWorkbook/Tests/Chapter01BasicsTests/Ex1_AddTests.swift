import Testing
import Chapter01Basics

@Suite("Exercise 1.1: Write `add`")
struct Ex1_AddTests {
    @Test("adds two and two")
    func twoAndTwo() {
        #expect(add(2, 2) == 4, "add(2, 2) should be 4")
    }

    @Test("adds negative numbers")
    func negatives() {
        #expect(add(-3, 1) == -2)
    }
}
