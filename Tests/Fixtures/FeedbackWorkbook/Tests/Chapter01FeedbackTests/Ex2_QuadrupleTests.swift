import Testing
import Chapter01Feedback

@Suite("Exercise 1.2: Quadruple it with `double`")
struct Ex2_QuadrupleTests {
    @Test("quadruples one")
    func one() {
        #expect(quadruple(1) == 4, "quadruple(1) returned \(quadruple(1)); expected 4")
    }

    @Test("quadruples three")
    func three() {
        #expect(quadruple(3) == 12, "quadruple(3) returned \(quadruple(3)); expected 12")
    }
}
