import Testing
import Chapter02Faults

@Suite("Exercise 2.8: ExitZero")
struct Ex8_ExitZeroTests {
    @Test("answers 8")
    func answers() {
        #expect(answer8() == 8)
    }
}
