import Testing
@testable import WorkbookCLI

@Suite("Reports wrapped to the terminal")
struct TextWrapTests {
    @Test("wraps at spaces with a hanging indent, cuts nothing, and leaves lines alone without a width")
    func wraps() {
        let line = "        the screen drew [\"Loading Inventory…\"]; expected “Loading Inventory…”, then the loaded text"
        let wrapped = TextWrap.wrap(line, width: 40, hangingIndent: "          ")
        #expect(wrapped.allSatisfy { $0.count <= 40 }, "\(wrapped)")
        #expect(wrapped.first?.hasPrefix("        the screen") == true)
        #expect(wrapped.dropFirst().allSatisfy { $0.hasPrefix("          ") })
        let words = { (text: String) in text.split(separator: " ").joined(separator: " ") }
        #expect(words(wrapped.joined(separator: " ")) == words(line))
        #expect(TextWrap.wrap(line, width: nil, hangingIndent: "  ") == [line])
    }

    @Test("counts colour codes as taking no room, and splits a word longer than the line")
    func visible() {
        #expect(TextWrap.visibleCount("\u{1B}[31mfailed\u{1B}[0m") == 6)
        let long = String(repeating: "x", count: 50)
        let wrapped = TextWrap.wrap(long, width: 20, hangingIndent: "  ")
        #expect(wrapped.allSatisfy { $0.count <= 20 }, "\(wrapped)")
        #expect(wrapped.joined().filter { $0 == "x" }.count == 50)
    }
}
