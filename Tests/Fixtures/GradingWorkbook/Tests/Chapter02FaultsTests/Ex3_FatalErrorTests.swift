import Testing
import Chapter02Faults

@Suite("Exercise 2.3: FatalError")
struct Ex3_FatalErrorTests {
    @Test("answers 3")
    func answers() {
        #expect(answer3() == 3)
    }
}
