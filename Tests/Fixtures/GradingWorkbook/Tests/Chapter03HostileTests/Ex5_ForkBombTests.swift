import Testing
import Chapter03Hostile

@Suite("Exercise 3.5: ForkBomb")
struct Ex5_ForkBombTests {
    @Test("answers 5")
    func answers() {
        #expect(answer5() == 5)
    }

    @Test("answers 5 again")
    func again() {
        #expect(answer5() == 5)
    }
}
