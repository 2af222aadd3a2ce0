import WorkbookModel
import WorkbookSystem
/// What happened when a snippet was compiled and run — the part of a result that
/// depends only on the code, so it is what the cache keeps. Whether it *passed*
/// depends on the chapter's expected output too, and is worked out by `verdict`.
public struct SnippetExecution: Sendable, Equatable, Codable {
    public enum Ending: Sendable, Equatable, Codable {
        case exited(Int32)
        case signaled(Int32)
        case timedOut(seconds: Double)
        /// It did not compile; `diagnostics` says why.
        case didNotCompile
    }

    public var ending: Ending
    public var standardOutput: String
    public var standardError: String
    public var outputTruncated: Bool
    /// The compiler's diagnostics, for `didNotCompile`.
    public var diagnostics: String

    public init(
        ending: Ending, standardOutput: String = "", standardError: String = "",
        outputTruncated: Bool = false, diagnostics: String = ""
    ) {
        self.ending = ending
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.outputTruncated = outputTruncated
        self.diagnostics = diagnostics
    }

    /// A run's outcome.
    init(_ result: ChildProcess.Result) {
        let ending: Ending
        switch result.termination {
        case .exited(let code): ending = .exited(code)
        case .signaled(let signal): ending = .signaled(signal)
        case .timedOut(let seconds): ending = .timedOut(seconds: seconds)
        }
        self.init(
            ending: ending, standardOutput: result.standardOutput, standardError: result.standardError,
            outputTruncated: result.outputTruncated)
    }

    static func compileError(_ diagnostics: String) -> SnippetExecution {
        SnippetExecution(ending: .didNotCompile, diagnostics: diagnostics)
    }

    /// Timeouts depend on how busy the machine was; everything else is worth keeping.
    var isCacheable: Bool {
        if case .timedOut = ending { return false }
        return true
    }

    /// Judges the execution against what the chapter promises for `snippet`.
    public func verdict(for snippet: Snippet, chapterPath: String) -> SnippetResult {
        func result(_ status: SnippetResult.Status, _ message: String = "") -> SnippetResult {
            SnippetResult(
                chapterPath: chapterPath, line: snippet.location.line, status: status,
                expected: snippet.expectedOutput, actual: standardOutput, message: message)
        }
        let truncation = outputTruncated ? " (its output was cut off at the output limit)" : ""
        switch ending {
        case .didNotCompile:
            var message = diagnostics.isEmpty ? "it does not compile" : diagnostics
            // Merged, a snippet is a function body: a file-scope declaration cannot be one.
            if !snippet.has(.standalone), message.contains("only valid at file scope") || message.contains("only valid at global scope") {
                message += "\n\(chapterPath):\(snippet.location.line):1: note: an extension, protocol, global or @main must be at file scope: "
                    + "mark the snippet `standalone` (```swift run standalone), so it is compiled on its own"
            }
            return result(.compileError, message)
        case .timedOut(let seconds):
            return result(.timedOut, "it ran past the time limit of \(seconds.formatted()) s and was stopped (--timeout S sets the limit)\(truncation)")
        case .exited, .signaled:
            break
        }
        let crashed = ending != .exited(0)
        if snippet.has(.figure) {
            let text = standardOutput.trimmingWhitespace
            if crashed { return result(.failed, "a figure must exit normally, but it \(endingText)\(stderrText)") }
            guard text.hasPrefix("<svg"), text.hasSuffix("</svg>") else {
                return result(.failed, "a figure prints one SVG document (<svg …>…</svg>) and nothing else\(truncation)")
            }
            // The check `render` makes, so a figure it would refuse fails here, where it is written.
            // Under the id its page gives it, so that the page takes this check's figure.
            let chapter = ChapterFileName(String(chapterPath.split(separator: "/").last ?? ""))?.number
            let id = chapter.map { Figure.id(chapter: $0, line: snippet.location.line) } ?? "figure"
            if case .failure(let rejection) = Figure.checked(output: standardOutput, id: id) {
                return result(.failed, rejection.description)
            }
            return result(.passed)
        }
        if snippet.has(.crash), !crashed {
            return result(.failed, "it is marked `crash` but exited normally")
        }
        if !snippet.has(.crash), crashed {
            return result(.failed, "it \(endingText)\(stderrText)")
        }
        guard let expected = snippet.expectedOutput else {
            // A student release has no reference prediction: the program's output is the
            // answer, compared by `check` with the learner's.
            if snippet.has(.predict) { return result(.passed) }
            return result(.failed, "it has no ```output block to compare with")
        }
        if OutputComparison.normalized(expected) == OutputComparison.normalized(standardOutput) {
            return result(.passed)
        }
        if snippet.has(.predict) {
            return result(.mismatch, "its output differs from its exercise's reference prediction\(truncation)")
        }
        let block = snippet.expectedOutputLocation.map { " (line \($0.line))" } ?? ""
        return result(.mismatch, "its output differs from the output block\(block)\(truncation)")
    }

    private var endingText: String {
        switch ending {
        case .exited(let code): return ChildProcess.Termination.exited(code).description
        case .signaled(let signal): return ChildProcess.Termination.signaled(signal).description
        case .timedOut(let seconds): return ChildProcess.Termination.timedOut(seconds: seconds).description
        case .didNotCompile: return "did not compile"
        }
    }

    /// Standard error without the runtime's stack trace, which has no symbols to help
    /// anyone: what is left says what went wrong (`…: Fatal error: Index out of range`).
    public var errorText: String {
        var lines: [Substring] = []
        for line in standardError.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("Current stack trace:") { break }
            lines.append(line)
        }
        return lines.joined(separator: "\n").trimmingWhitespace
    }

    /// The end of `errorText`, after a colon, for a message.
    private var stderrText: String {
        let text = errorText
        guard !text.isEmpty else { return "" }
        return ":\n" + text.split(separator: "\n", omittingEmptySubsequences: false).suffix(12).joined(separator: "\n")
    }
}
