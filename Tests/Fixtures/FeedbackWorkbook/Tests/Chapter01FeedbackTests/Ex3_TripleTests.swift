import Testing
import Chapter01Feedback

@Suite("Exercise 1.3: Triple it")
struct Ex3_TripleTests {
    @Test("triples two")
    func two() {
        #expect(triple(2) == 6, "triple(2) returned \(triple(2)); expected 6")
    }

    @Test("triples zero")
    func zero() {
        #expect(triple(0) == 0)
    }
}
