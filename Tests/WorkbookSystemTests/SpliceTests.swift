import Testing
@testable import WorkbookSystem

@Suite("A page with some of its bytes replaced")
struct SpliceTests {
    @Test("replaces each range by its text and keeps every byte between them")
    func replaces() {
        let text = "one <b>two</b> three"
        let replaced = Splice.replacing([(4..<7, "<strong>"), (10..<14, "</strong>")], in: text)
        #expect(replaced == "one <strong>two</strong> three")
    }

    @Test("returns the text unchanged when nothing is replaced")
    func nothing() {
        #expect(Splice.replacing([], in: "café") == "café")
    }

    @Test("replaces at the very start and the very end, with empty ranges and empty texts")
    func edges() {
        let text = "abcdef"
        #expect(Splice.replacing([(0..<1, "X"), (5..<6, "Y")], in: text) == "XbcdeY")
        #expect(Splice.replacing([(0..<0, ">"), (6..<6, "<")], in: text) == ">abcdef<")
        #expect(Splice.replacing([(2..<4, "")], in: text) == "abef")
        #expect(Splice.replacing([(0..<6, "all")], in: text) == "all")
    }

    @Test("counts offsets in UTF-8 bytes, so text outside ASCII around the ranges is kept whole")
    func utf8Offsets() {
        let text = "é & ü"  // é and ü are two bytes each: & is at byte 3
        #expect(Splice.replacing([(3..<4, "&amp;")], in: text) == "é &amp; ü")
        let emoji = "👍<x>👍"  // four bytes each side
        #expect(Splice.replacing([(4..<7, "")], in: emoji) == "👍👍")
    }
}
