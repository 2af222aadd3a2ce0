import Testing
import Chapter02Faults

@Suite("Exercise 2.7: HugeOutput")
struct Ex7_HugeOutputTests {
    @Test("answers 7")
    func answers() {
        #expect(answer7() == 7)
    }
}
