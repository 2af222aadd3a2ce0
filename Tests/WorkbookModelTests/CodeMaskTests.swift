import Testing
@testable import WorkbookModel

@Suite("Which characters of Swift lines are code")
struct CodeMaskTests {
    /// The characters of `line` marked in `marks`, as a String (others as spaces).
    static func kept(_ mask: CodeMask, _ marks: [[Bool]], line: Int) -> String {
        String(zip(mask.characters[line], marks[line]).map { $1 ? $0 : " " })
    }

    @Test("leaves out a line comment and marks it, markers included")
    func lineComment() {
        let mask = CodeMask(["let a = 1 // a < b"])
        #expect(mask.code(line: 0) == "let a = 1")
        #expect(Self.kept(mask, mask.comments, line: 0) == String(repeating: " ", count: 10) + "// a < b")
        #expect(mask.uncommented(line: 0) == "let a = 1")
    }

    @Test("follows nested block comments across lines")
    func nestedBlockComments() {
        let mask = CodeMask(["a /* one /* two */ still", "three */ b", "d"])
        #expect(mask.code(line: 0) == "a")
        #expect(mask.code(line: 1) == "b")
        #expect(mask.code(line: 2) == "d")
        #expect(mask.uncommented(line: 1) == "b")
    }

    @Test("leaves out strings, escaped quotes and all, but keeps them as uncommented code")
    func strings() {
        let mask = CodeMask([#"let s = "a \" // b" + x"#])
        #expect(mask.code(line: 0).split(separator: " ") == ["let", "s", "=", "+", "x"])
        #expect(mask.uncommented(line: 0) == #"let s = "a \" // b" + x"#)
        #expect(mask.comments[0].allSatisfy { !$0 }, "a // inside a string is no comment")
    }

    @Test("reads raw strings to their own closing quote and hashes")
    func rawStrings() {
        let mask = CodeMask([##"let r = #"a "quoted" \n"# + y"##, ##"#if DEBUG"##])
        #expect(mask.code(line: 0).split(separator: " ") == ["let", "r", "=", "+", "y"])
        #expect(mask.code(line: 1) == "#if DEBUG", "a # without a quote is code")
    }

    @Test("carries a multiline string across lines, and ends a one-line string at its line's end")
    func multiline() {
        let mask = CodeMask(["let t = \"\"\"", "  a < b // no comment", "  \"\"\" + z", "let u = \"open", "v < w"])
        #expect(mask.code(line: 1).isEmpty)
        #expect(mask.comments[1].allSatisfy { !$0 })
        #expect(mask.code(line: 2) == "+ z")
        #expect(mask.code(line: 4) == "v < w", "an unclosed one-line string does not run on")
    }

    @Test("marks an interpolation's code apart, without the strings nested in it")
    func interpolations() {
        let mask = CodeMask([#"let m = "x\(f(a, "y(")) z" + w"#])
        #expect(mask.code(line: 0).split(separator: " ") == ["let", "m", "=", "+", "w"])
        #expect(Self.kept(mask, mask.interpolations, line: 0).filter { $0 != " " } == "f(a,)")
    }

    @Test("counts by Characters: a quote with a combining mark is no quote")
    func characters() {
        let marked = "a \"\u{0301} < b", opening = "\"\u{0301}x"
        let mask = CodeMask([marked, opening + "\" < 1"])
        #expect(mask.characters[0].count == 7)
        #expect(mask.code(line: 0) == marked)
        #expect(mask.code(line: 1) == opening, "the plain quote opens a string")
        #expect(mask.isCode(line: 0, 0..<7))
        #expect(!mask.isCode(line: 0, 0..<8), "past the line's end")
    }
}
