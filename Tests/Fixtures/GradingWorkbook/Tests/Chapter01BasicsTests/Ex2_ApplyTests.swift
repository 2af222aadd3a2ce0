import Testing
import Chapter01Basics

@Suite("Exercise 1.2: Call a closure twice")
struct Ex2_ApplyTests {
    @Test("adds one twice")
    func plusOne() {
        #expect(applyTwice({ $0 + 1 }, to: 1) == 3)
    }
}
