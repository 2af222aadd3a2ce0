import Testing
import Chapter01Basics

@Suite("Exercise 1.3: Total with reduce")
struct Ex3_TotalTests {
    @Test("sums three prices")
    func three() {
        #expect(total([499, 150, 1]) == 650, "the total of 4.99, 1.50 and 0.01 is 6.50")
    }

    @Test("is zero for no prices")
    func empty() {
        #expect(total([]) == 0)
    }
}
