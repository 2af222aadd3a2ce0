import Testing
import Chapter03Hostile

@Suite("Exercise 3.1: Forgery")
struct Ex1_ForgeryTests {
    @Test("answers 1")
    func answers() {
        #expect(answer1() == 1)
    }

    @Test("answers 1 again")
    func again() {
        #expect(answer1() == 1)
    }
}
