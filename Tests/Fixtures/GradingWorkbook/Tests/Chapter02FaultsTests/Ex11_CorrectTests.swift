import Testing
import Chapter02Faults

@Suite("Exercise 2.11: Correct")
struct Ex11_CorrectTests {
    @Test("answers 11")
    func answers() {
        #expect(answer11() == 11)
    }
}
