import Testing
import Chapter03Hostile

@Suite("Exercise 3.3: Peek")
struct Ex3_PeekTests {
    @Test("answers 3")
    func answers() {
        #expect(answer3() == 3)
    }

    @Test("answers 3 again")
    func again() {
        #expect(answer3() == 3)
    }
}
