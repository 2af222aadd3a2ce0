import Testing
import Chapter03Hostile

@Suite("Exercise 3.2: Tamper")
struct Ex2_TamperTests {
    @Test("answers 2")
    func answers() {
        #expect(answer2() == 2)
    }

    @Test("answers 2 again")
    func again() {
        #expect(answer2() == 2)
    }
}
