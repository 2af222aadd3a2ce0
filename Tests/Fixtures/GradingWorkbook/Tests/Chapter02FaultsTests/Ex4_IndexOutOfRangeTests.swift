import Testing
import Chapter02Faults

@Suite("Exercise 2.4: IndexOutOfRange")
struct Ex4_IndexOutOfRangeTests {
    @Test("answers 4")
    func answers() {
        #expect(answer4() == 4)
    }
}
