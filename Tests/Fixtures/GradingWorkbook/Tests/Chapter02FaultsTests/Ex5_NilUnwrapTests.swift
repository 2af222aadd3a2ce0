import Testing
import Chapter02Faults

@Suite("Exercise 2.5: NilUnwrap")
struct Ex5_NilUnwrapTests {
    @Test("answers 5")
    func answers() {
        #expect(answer5() == 5)
    }
}
