import Testing
import Chapter02Faults

@Suite("Exercise 2.1: EndlessLoop")
struct Ex1_EndlessLoopTests {
    @Test("answers 1")
    func answers() {
        #expect(answer1() == 1)
    }
}
