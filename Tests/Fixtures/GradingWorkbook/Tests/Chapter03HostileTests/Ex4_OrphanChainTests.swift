import Testing
import Chapter03Hostile

@Suite("Exercise 3.4: OrphanChain")
struct Ex4_OrphanChainTests {
    @Test("answers 4")
    func answers() {
        #expect(answer4() == 4)
    }

    @Test("answers 4 again")
    func again() {
        #expect(answer4() == 4)
    }
}
