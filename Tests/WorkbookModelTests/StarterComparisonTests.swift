import Testing
@testable import WorkbookModel

/// Issue 32: a file that differs from its starter only in what cannot change a test is
/// still the starter, so it is "not started", never graded for the tests a starter passes.
@Suite("Telling an untouched starter from a started file")
struct StarterComparisonTests {
    static let starter = """
        /// The sum of `prices` in cents.
        public func total(_ prices: [Int]) -> Int {
            // Write your solution here.
            prices.first ?? 0
        }

        """

    @Test("CRLF line endings, a byte-order mark, blank lines, indentation and comments leave it untouched")
    func untouched() {
        let crlf = Self.starter.replacingOccurrences(of: "\n", with: "\r\n")
        #expect(StarterComparison.isUntouched(crlf, starter: Self.starter, swift: true))
        #expect(StarterComparison.isUntouched("\u{FEFF}" + Self.starter, starter: Self.starter, swift: true))
        #expect(StarterComparison.isUntouched(Self.starter + "\n\n// todo\n", starter: Self.starter, swift: true))
        #expect(StarterComparison.isUntouched(
            Self.starter.replacingOccurrences(of: "    prices", with: "\t/* not yet */ prices"), starter: Self.starter, swift: true))
    }

    @Test("a changed expression, a changed string and a line moved out of a comment count as started")
    func started() {
        #expect(!StarterComparison.isUntouched(
            Self.starter.replacingOccurrences(of: "prices.first ?? 0", with: "prices.reduce(0, +)"), starter: Self.starter, swift: true))
        let quoted = "let s = \"// a\"\n"
        #expect(!StarterComparison.isUntouched("let s = \"// b\"\n", starter: quoted, swift: true),
                "text inside a string is code, even when it looks like a comment")
        #expect(!StarterComparison.isUntouched(
            Self.starter.replacingOccurrences(of: "// Write your solution here.", with: "return 1"), starter: Self.starter, swift: true))
    }

    @Test("a prediction's text is compared by its lines, `//` included")
    func prediction() {
        let starter = "// line 1?\n"
        #expect(StarterComparison.isUntouched("// line 1?\r\n\r\n", starter: starter, swift: false))
        #expect(!StarterComparison.isUntouched("// line 1? 4\n", starter: starter, swift: false))
    }
}
