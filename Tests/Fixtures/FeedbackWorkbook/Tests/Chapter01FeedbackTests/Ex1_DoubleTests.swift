import Testing
import Chapter01Feedback

@Suite("Exercise 1.1: Double it")
struct Ex1_DoubleTests {
    @Test("doubles two")
    func two() {
        #expect(double(2) == 4, "double(2) returned \(double(2)); expected 4")
    }

    @Test("doubles a negative number")
    func negative() {
        #expect(double(-3) == -6, "double(-3) returned \(double(-3)); expected -6")
    }
}
