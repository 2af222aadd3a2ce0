import Testing
import Chapter02Faults

@Suite("Exercise 2.10: LeftoverChild")
struct Ex10_LeftoverChildTests {
    @Test("answers 10")
    func answers() {
        #expect(answer10() == 10)
    }
}
