import Testing
import Chapter02Faults

@Suite("Exercise 2.13: RenamedAPI")
struct Ex13_RenamedAPITests {
    @Test("answers 13")
    func answers() {
        #expect(answer13() == 13)
    }
}
