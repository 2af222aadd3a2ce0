import WorkbookModel
/// What running one snippet showed. Produced by the snippet runner (`workbook run`),
/// cached by content, and read by the handouts, which print the actual output.
public struct SnippetResult: Sendable, Equatable, Codable {
    public enum Status: String, Sendable, Equatable, Codable {
        /// The output matched (a `crash` snippet crashed as promised; a figure printed SVG).
        case passed
        /// It ran as promised but printed something else.
        case mismatch
        /// It exited the wrong way: crashed when it should not, or did not when it should.
        case failed
        /// It does not compile; `message` holds the compiler's diagnostics.
        case compileError = "compile-error"
        /// It ran past the time limit.
        case timedOut = "timed-out"
    }

    /// The chapter file, relative to the workbook root.
    public var chapterPath: String
    /// The line of the snippet's opening fence.
    public var line: Int
    public var status: Status
    /// The chapter's expected output (nil for figures).
    public var expected: String?
    /// What the snippet printed to standard output (the SVG, for a figure).
    public var actual: String
    /// Why it did not pass, in words: diagnostics, the signal, the limit.
    public var message: String

    public init(chapterPath: String, line: Int, status: Status, expected: String?, actual: String, message: String = "") {
        self.chapterPath = chapterPath
        self.line = line
        self.status = status
        self.expected = expected
        self.actual = actual
        self.message = message
    }
}

/// Anything that can tell what a chapter's snippets print: the snippet runner, or a
/// fake in tests. Handouts take one of these.
public protocol SnippetResultProvider: Sendable {
    /// One result per runnable snippet of `chapter`, in chapter order.
    func results(for chapter: Chapter) throws -> [SnippetResult]
    /// Each chapter's results, or why there are none, in the order of `chapters`.
    func results(for chapters: [Chapter]) -> [Result<[SnippetResult], any Error>]
    /// `chapter`'s results if they need nothing built or run (every one is known
    /// already); nil otherwise. Cheap, and safe to ask on any thread.
    func cachedResults(for chapter: Chapter) -> [SnippetResult]?
}

extension SnippetResultProvider {
    /// One chapter at a time: for providers with nothing to share between chapters.
    public func results(for chapters: [Chapter]) -> [Result<[SnippetResult], any Error>] {
        chapters.map { chapter in Result { try results(for: chapter) } }
    }

    /// Nothing known ahead: every chapter is asked for when it is needed.
    public func cachedResults(for chapter: Chapter) -> [SnippetResult]? { nil }
}
