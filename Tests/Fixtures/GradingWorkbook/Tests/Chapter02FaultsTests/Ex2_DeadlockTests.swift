import Testing
import Chapter02Faults

@Suite("Exercise 2.2: Deadlock")
struct Ex2_DeadlockTests {
    @Test("answers 2")
    func answers() {
        #expect(answer2() == 2)
    }
}
