import Testing
@testable import WorkbookRunning
@testable import WorkbookModel

@Suite("Judging a snippet's execution")
struct RunningVerdictTests {
    @Test("ignores trailing white space at line ends and at the end, and nothing else", arguments: [
        ("a  \nb\t\n\n\n", "a\nb", true),
        ("a\nb", "a\nb\n", true),
        ("\na", "a", false),
        ("a b", "a  b", false),
        ("A", "a", false),
    ])
    func comparison(expected: String, actual: String, same: Bool) {
        #expect((OutputComparison.normalized(expected) == OutputComparison.normalized(actual)) == same)
    }

    @Test("trims as Characters are trimmed, for ASCII, other text and \\r\\n alike", arguments: [
        "a  \nb\t\n\n", "plain", "", " \n \n", "café  \n— \u{2003}\n\u{00A0}", "x \u{0301}\ny", "a\r\nb \r\n\r\n", "a\rb\r",
        "\u{1F600} \t\n\u{1F600}", "tab\u{0B}\u{0C}\n",
    ])
    func normalizedAsCharacters(text: String) {
        // The rule as it reads: split at "\n" Characters, drop trailing white space Characters.
        func dropTrailing(_ text: Substring) -> String { String(text.reversed().drop(while: \.isWhitespace).reversed()) }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(dropTrailing)
        #expect(OutputComparison.normalized(text) == dropTrailing(lines.joined(separator: "\n")[...]))
    }

    static let cases: [(attributes: [Snippet.Attribute], ending: SnippetExecution.Ending, output: String, status: SnippetResult.Status)] = [
        ([], .exited(0), "4\n", .passed),
        ([], .exited(0), "5\n", .mismatch),
        ([], .exited(1), "4\n", .failed),
        ([], .signaled(4), "4\n", .failed),
        ([.crash], .signaled(4), "4\n", .passed),
        ([.crash], .exited(3), "4\n", .passed),
        ([.crash], .signaled(4), "5\n", .mismatch),
        ([.crash], .exited(0), "4\n", .failed),
        ([], .timedOut(seconds: 1), "4\n", .timedOut),
        ([], .didNotCompile, "", .compileError),
        ([.figure], .exited(0), "<svg width=\"1\"></svg>\n", .passed),
        ([.figure], .exited(0), "not a picture", .failed),
        ([.figure], .signaled(11), "<svg></svg>", .failed),
    ]

    @Test("gives the status the snippet's attributes and ending call for", arguments: cases.indices)
    func status(index: Int) {
        let (attributes, ending, output, status) = Self.cases[index]
        let snippet = Snippet(
            location: SourceLocation(path: "chapters/01-demo.md", line: 7), source: "print(4)\n", attributes: attributes,
            expectedOutput: attributes.contains(.figure) ? nil : "4\n")
        let result = SnippetExecution(ending: ending, standardOutput: output).verdict(for: snippet, chapterPath: "chapters/01-demo.md")
        #expect(result.status == status)
        #expect(result.line == 7 && result.actual == output)
        #expect((result.status == .passed) == result.message.isEmpty)
    }

    @Test("explains a crash by the runtime's message, without the stack trace")
    func crashMessage() {
        let snippet = Snippet(location: SourceLocation(path: "c.md", line: 1), source: "x\n", expectedOutput: "")
        let execution = SnippetExecution(
            ending: .signaled(4), standardError: "c.md:3: Fatal error: boom\nCurrent stack trace:\n0 libswiftCore.so 0x1\n")
        let message = execution.verdict(for: snippet, chapterPath: "c.md").message
        #expect(message.contains("c.md:3: Fatal error: boom"))
        #expect(message.contains("SIGILL"))
        #expect(!message.contains("stack trace"))
    }
}

@Suite("The unified diff of outputs")
struct RunningLineDiffTests {
    @Test("is empty when the texts are the same")
    func same() {
        #expect(LineDiff.unified(from: "a\nb\n", to: "a\nb") == "")
    }

    @Test("shows a changed line with its context and line numbers")
    func changedLine() {
        #expect(LineDiff.unified(from: "one\ntwo\nthree", to: "one\n2\nthree") == """
            --- expected
            +++ actual
            @@ -1,3 +1,3 @@
             one
            -two
            +2
             three
            """)
    }

    @Test("shows lines added to an empty text and lines removed from the end")
    func addedAndRemoved() {
        #expect(LineDiff.unified(from: "", to: "x") == "--- expected\n+++ actual\n@@ -0,0 +1,1 @@\n+x")
        #expect(LineDiff.unified(from: "a\nb", to: "a") == "--- expected\n+++ actual\n@@ -1,2 +1,1 @@\n a\n-b")
    }

    @Test("splits changes far apart into separate hunks")
    func hunks() {
        let old = (1...20).map(String.init).joined(separator: "\n")
        let new = old.replacingOccurrences(of: "\n2\n", with: "\ntwo\n").replacingOccurrences(of: "\n19\n", with: "\nnineteen\n")
        let diff = LineDiff.unified(from: old, to: new, context: 1)
        #expect(diff.split(separator: "\n").filter { $0.hasPrefix("@@") } == ["@@ -1,3 +1,3 @@", "@@ -18,3 +18,3 @@"])
    }
}

@Suite("Attributing compiler errors to snippets")
struct RunningDiagnosticsTests {
    let snippets = [
        Snippet(location: SourceLocation(path: "chapters/01-demo.md", line: 3), source: "a\nb\n"),
        Snippet(location: SourceLocation(path: "chapters/01-demo.md", line: 10), source: "c\nd\ne\n"),
    ]

    @Test("gives each error, with its source line, caret and notes, to the snippet whose lines it is on")
    func attributed() {
        let output = """
            chapters/01-demo.md:12:5: error: cannot find 'd' in scope
            d
            ^
            chapters/01-demo.md:12:5: note: did you mean 'c'?
            chapters/01-demo.md:4:1: error: cannot find 'a' in scope
            """
        let blame = SnippetErrorAttribution.attribute(output, to: snippets, chapterPath: "chapters/01-demo.md")
        #expect(!blame.unattributed)
        #expect(blame.bySnippet[0] == "chapters/01-demo.md:4:1: error: cannot find 'a' in scope")
        #expect(blame.bySnippet[1] == "chapters/01-demo.md:12:5: error: cannot find 'd' in scope\nd\n^\nchapters/01-demo.md:12:5: note: did you mean 'c'?")
    }

    @Test("says so when an error is outside every snippet", arguments: [
        "Snippet_L10.swift:9:2: error: expected '}' in enum",
        "chapters/01-demo.md:20:1: error: outside the snippets",
        "error: link command failed with exit code 1",
    ])
    func unattributed(output: String) {
        let blame = SnippetErrorAttribution.attribute(output, to: snippets, chapterPath: "chapters/01-demo.md")
        #expect(blame.unattributed)
        #expect(blame.bySnippet.isEmpty)
    }
}
