import Testing
import Chapter02Faults

@Suite("Exercise 2.6: CompileError")
struct Ex6_CompileErrorTests {
    @Test("answers 6")
    func answers() {
        #expect(answer6() == 6)
    }
}
