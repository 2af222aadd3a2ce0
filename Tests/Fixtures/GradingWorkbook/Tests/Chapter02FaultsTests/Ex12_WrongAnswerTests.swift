import Testing
import Chapter02Faults

@Suite("Exercise 2.12: WrongAnswer")
struct Ex12_WrongAnswerTests {
    @Test("answers 12")
    func answers() {
        #expect(answer12() == 12)
    }
}
