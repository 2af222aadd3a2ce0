import Testing
import Chapter03Hostile

@Suite("Exercise 3.6: Memory")
struct Ex6_MemoryTests {
    @Test("answers 6")
    func answers() {
        #expect(answer6() == 6)
    }

    @Test("answers 6 again")
    func again() {
        #expect(answer6() == 6)
    }
}
