import Testing
import Chapter01Blocks

@Suite("Exercise 1.2: A counter that counts its own calls")
struct Ex2_CounterTests {
    @Test("a counter returns 1, 2, 3 on its first three calls")
    func countsUp() {
        let counter = makeCounter()
        let calls = [counter(), counter(), counter()]
        #expect(calls == [1, 2, 3],
                "three calls returned \(calls); expected [1, 2, 3] — the first call counts itself, so it returns 1")
    }

    @Test("two counters count independently")
    func independent() {
        let tables = makeCounter()
        let kitchen = makeCounter()
        _ = tables()
        _ = tables()
        let firstKitchenCall = kitchen()
        #expect(firstKitchenCall == 1,
                Comment(rawValue: "a new counter's first call returned \(firstKitchenCall) after another counter was called twice; expected 1"
                    + (firstKitchenCall == 3 ? ": it went on from the other counter's 2, so the two counters share one count" : "")))
        let thirdTablesCall = tables()
        #expect(thirdTablesCall == 3,
                "the first counter returned \(thirdTablesCall) on its third call after the second counter ran; expected 3")
    }

    @Test("a copy of a counter shares its count: closures are reference types")
    func copiesShare() {
        let counter = makeCounter()
        let sameCounter = counter
        _ = counter()
        // The reason is named only when the value shows it: a copy that counted from 1.
        let next = sameCounter()
        #expect(next == 2,
                Comment(rawValue: "calling a copy of a counter after one call returned \(next); expected 2"
                    + (next == 1 ? ": the copy counted as if it were a new counter, but both names refer to one closure and one captured variable" : "")))
    }

    @Test("a counter keeps counting past its hundredth call")
    func manyCalls() {
        let counter = makeCounter()
        var last = 0
        for _ in 1...100 { last = counter() }
        #expect(last == 100, "the hundredth call returned \(last); expected 100")
        #expect(counter() == 101, "the call after the hundredth should return 101")
    }
}
