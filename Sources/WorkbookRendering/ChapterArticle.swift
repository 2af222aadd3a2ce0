import WorkbookModel
import WorkbookSystem
import WorkbookRunning
/// Writes one chapter as an `<article>`: prose as cmark writes it in safe mode, code
/// highlighted, snippets with their actual output, figures as inline SVG, and each
/// exercise boxed with what its edition allows (starter; or solution and tests).
struct ChapterArticle {
    let workbook: Workbook
    let chapter: Chapter
    let edition: Edition
    /// The snippet runner's results, by the line of the snippet's opening fence.
    let results: [Int: SnippetResult]
    /// Whether snippet outputs are available at all (false: no runner, show expected outputs).
    let outputsAvailable: Bool
    /// The exercises' starters, derived once for the whole render.
    let starters: [ExerciseID: Result<String, WorkbookError>]
    /// The chapter's folder in the learner's workspace, as messages show it: worked out
    /// once, since URL arithmetic is slow and every exercise names a file in it.
    private let workspaceFolder: String

    private(set) var html = ""
    private(set) var diagnostics: [Diagnostic] = []
    private(set) var tally = RenderTally()
    /// Figures embedded so far: their numbers in the chapter.
    private var figuresShown = 0

    init(workbook: Workbook, chapter: Chapter, edition: Edition, results: [SnippetResult]?,
         starters: [ExerciseID: Result<String, WorkbookError>]) {
        self.workbook = workbook
        self.starters = starters
        self.chapter = chapter
        self.edition = edition
        self.outputsAvailable = results != nil
        self.workspaceFolder = workbook.displayPath(workbook.exercisesFolder.appendingPathComponent(chapter.stem))
        var byLine: [Int: SnippetResult] = [:]
        for result in results ?? [] where result.chapterPath == chapter.path { byLine[result.line] = result }
        self.results = byLine
    }

    /// Renders the chapter; read `html`, `diagnostics` and `tally` afterwards.
    mutating func render() {
        let snippetsByLine = Dictionary(chapter.snippets.map { ($0.location.line, $0) }, uniquingKeysWith: { a, _ in a })
        let exercisesByLine = Dictionary(chapter.exercises.map { ($0.location.line, $0) }, uniquingKeysWith: { a, _ in a })
        // Blocks the walk does not print where they stand: output blocks (shown with
        // their snippet) and files paragraphs. Hints come from the hints file and go to
        // the chapter's back pages, never into the reading path.
        var consumed = Set(chapter.snippets.compactMap(\.expectedOutputLocation?.line))
        for exercise in chapter.exercises {
            if let files = exercise.filesLocation { consumed.insert(files.line) }
        }

        html += "<article class=\"chapter\" id=\"chapter-\(chapter.number)\">\n"
        var open: Exercise?
        var titleWritten = false
        for block in chapter.blocks where !consumed.contains(block.location.line) {
            if block.kind == .heading {
                if let current = open, (block.level ?? 1) <= current.headingLevel {
                    closeExercise(current)
                    open = nil
                }
                if !titleWritten, block.level == 1 {
                    titleWritten = true
                    html += "<h1><span class=\"chapter-number\">Chapter \(chapter.number)</span>\(MarkdownHTML.inlineHTML(of: block))</h1>\n"
                    continue
                }
                if let exercise = exercisesByLine[block.location.line] {
                    open = exercise
                    html += "<section class=\"exercise kind-\(exercise.kind.rawValue)\" id=\"exercise-\(exercise.id.chapter)-\(exercise.id.number)\">\n"
                    html += MarkdownHTML.html(block, highlightingSwift: true)
                    html += "<p class=\"kind\">\(Self.kindLabel(exercise.kind))</p>\n"
                    continue
                }
            }
            if block.kind == .codeBlock {
                if let snippet = snippetsByLine[block.location.line] {
                    writeSnippet(snippet)
                } else {
                    writeCode(block.literal ?? "", language: block.info?.split(separator: " ").first.map(String.init))
                }
                continue
            }
            html += MarkdownHTML.html(block, highlightingSwift: true)
        }
        if let current = open { closeExercise(current) }
        writeHintsPages()
        html += "</article>\n"
    }

    /// The chapter's hints at its back, each folded: a reader meets none on the way
    /// through the chapter, and opens one only by asking.
    private mutating func writeHintsPages() {
        let withHints = chapter.exercises.filter { !$0.hints.isEmpty }
        guard !withHints.isEmpty else { return }
        html += "<section class=\"hints-pages\" id=\"hints-\(chapter.number)\">\n<h2>Hints for chapter \(chapter.number)</h2>\n"
            + "<p class=\"notice\">Open one hint at a time, and only when you are stuck: the first nudges, the last names the idea and the API. "
            + "In a terminal: <code>workbook hint N.M</code>.</p>\n"
        for exercise in withHints {
            let anchor = "\(exercise.id.chapter)-\(exercise.id.number)"
            html += "<section class=\"exercise-hints\" id=\"hints-\(anchor)\">\n<h3>Exercise \(exercise.id): \(InlineMarkdown.html(exercise.title))</h3>\n"
            for (index, hint) in exercise.hints.enumerated() {
                html += "<details class=\"hint\"><summary>Hint \(index + 1) of \(exercise.hints.count)</summary>\n"
                    + MarkdownHTML.html(hint.content, highlightingSwift: true) + "</details>\n"
            }
            if edition == .instructor, let why = exercise.explanation {
                html += "<div class=\"explanation\"><div class=\"label\">Why (shown to the learner once the prediction is right)</div>\n"
                    + MarkdownHTML.html(why.content, highlightingSwift: true) + "</div>\n"
            }
            html += "<p class=\"back\"><a href=\"#exercise-\(anchor)\">Back to exercise \(exercise.id)</a></p>\n</section>\n"
        }
        html += "</section>\n"
    }

    /// What the learner does, in the handout's words.
    static func kindLabel(_ kind: Exercise.Kind) -> String {
        switch kind {
        case .write: return "Write it"
        case .predict: return "Predict the output: write, line by line, what the program prints"
        case .compile: return "Make it compile: Swift 6 rejects the starter; fix it and keep what it does"
        case .race: return "Make it race-free: the tests must pass, and pass again under the Thread Sanitizer with no report"
        }
    }

    // MARK: Code and snippets

    private mutating func writeCode(_ code: String, language: String?, classes: String = "code") {
        let body = language == "swift" ? CodeLines.html(swift: code) : CodeLines.html(plain: code)
        let languageClass = language.map { " class=\"language-\(HTML.escape($0))\"" } ?? ""
        // A short listing is kept whole on paper; a long one may break between lines.
        let short = Self.lineBreaks(in: code, upTo: 15) < 15 ? " short" : ""
        html += "<pre class=\"\(classes)\(short)\"><code\(languageClass)>\(body)</code></pre>\n"
    }

    private mutating func writeSnippet(_ snippet: Snippet) {
        let visible = snippet.visibleLines.joined(separator: "\n")
        let result = results[snippet.location.line]
        if snippet.has(.figure) {
            writeFigure(snippet, code: visible, result: result)
            return
        }
        tally.snippets += 1
        html += "<div class=\"snippet\" id=\"snippet-\(chapter.number)-\(snippet.location.line)\">\n"
        writeCode(visible, language: "swift")
        if snippet.has(.predict) {
            // Its output is the exercise's answer: the student edition never shows it.
            if edition == .instructor, let result, result.status == .passed {
                output(label: "Output (the answer)", text: result.actual, classes: "output")
            } else if edition == .student {
                html += "<div class=\"output predict\"><div class=\"label\">Output: yours to predict</div></div>\n"
            } else {
                output(label: "Expected output (the reference prediction)", text: snippet.expectedOutput ?? "", classes: "output not-run")
            }
            html += "</div>\n"
            return
        }
        let expected = snippet.expectedOutput ?? ""
        let stops = snippet.has(.crash) ? ", then it stops with a crash, as intended" : ""
        guard let result else {
            tally.notRun += 1
            let why = outputsAvailable ? "this snippet has no result yet" : "snippets have not been run"
            output(label: "Expected output\(stops) (\(why): <code>workbook run \(chapter.number)</code>)", text: expected, classes: "output not-run")
            html += "</div>\n"
            return
        }
        switch result.status {
        case .passed:
            output(label: "Output\(stops)", text: result.actual, classes: "output")
        case .mismatch:
            tally.differing += 1
            warn(snippet.location, "the snippet printed something other than its expected output; the handout shows both")
            output(label: "Output — differs from the expected output", text: result.actual, classes: "output differs")
            output(label: "Expected output", text: expected, classes: "output expected")
        case .failed, .compileError, .timedOut:
            tally.differing += 1
            warn(snippet.location, "the snippet did not run as the chapter says (\(result.status.rawValue)); the handout flags it")
            let detail = result.message.isEmpty ? "" : ": \(HTML.escape(firstLine(of: result.message)))"
            output(label: "Output — did not run as expected (\(result.status.rawValue))\(detail)", text: result.actual, classes: "output differs")
            output(label: "Expected output", text: expected, classes: "output expected")
        }
        html += "</div>\n"
    }

    private mutating func output(label: String, text: String, classes: String) {
        html += "<div class=\"\(classes)\"><div class=\"label\">\(label)</div><pre>\(HTML.escape(trimmedOutput(text)))</pre></div>\n"
    }

    private mutating func writeFigure(_ snippet: Snippet, code: String, result: SnippetResult?) {
        tally.figures += 1
        let id = Figure.id(chapter: chapter.number, line: snippet.location.line)
        let drawing: Result<Figure, Figure.Rejection>?
        if let result, result.status == .passed {
            drawing = Figure.checked(output: result.actual, id: id)
        } else {
            drawing = nil
        }
        switch drawing {
        case .success(let figure):
            // Numbered in the chapter; the caption is the figure's one title and labels the SVG.
            figuresShown += 1
            let title = figure.title.isEmpty ? "" : " \(HTML.escape(figure.title))"
            html += "<figure class=\"figure\" id=\"\(id)\">\n\(figure.svg)\n"
                + "<figcaption id=\"\(Figure.captionID(of: id))\"><span class=\"figure-number\">Figure \(chapter.number).\(figuresShown)</span>\(title)</figcaption>\n"
                + "</figure>\n"
        case .failure(let rejection):
            tally.missingFigures += 1
            diagnostics.append(Diagnostic(at: snippet.location, rejection.description))
            html += "<figure class=\"figure figure-missing\" id=\"\(id)\"><p>Figure left out: \(HTML.escape(rejection.description)).</p></figure>\n"
        case nil:
            tally.missingFigures += 1
            let reason = result.map { "its snippet did not run (\($0.status.rawValue))" } ?? "its snippet has not been run"
            warn(snippet.location, "figure missing: \(reason); run `workbook run \(chapter.number)`")
            html += "<figure class=\"figure figure-missing\" id=\"\(id)\"><p>Figure missing: \(reason). "
                + "Run <code>workbook run \(chapter.number)</code>, then render again.</p></figure>\n"
        }
        html += "<details class=\"figure-code screen-only\"><summary>The code that draws this figure</summary>\n"
        writeCode(code, language: "swift")
        html += "</details>\n"
    }

    // MARK: Exercises

    /// Ends an exercise's box: the code its edition shows, then the hints, folded.
    private mutating func closeExercise(_ exercise: Exercise) {
        tally.exercises += 1
        if !exercise.kind.starterCompiles, let error = exercise.starterError {
            html += "<p class=\"file\">Swift 6 rejects the starter: <code>error: \(HTML.escape(error))</code></p>\n"
        }
        switch edition {
        case .student: writeStarter(exercise)
        case .instructor: writeSolutionAndTests(exercise)
        }
        if !exercise.hints.isEmpty {
            html += "<p class=\"hint-link\">Stuck? <a href=\"#hints-\(exercise.id.chapter)-\(exercise.id.number)\">"
                + "\(exercise.hints.count) hints for \(exercise.id)</a> wait at the end of the chapter.</p>\n"
        }
        // Printed without its hints (`--hints omit`), the exercise says where they are.
        if !exercise.hints.isEmpty { html += "<p class=\"hint-note\">Hints: <code>workbook hint \(exercise.id)</code></p>\n" }
        html += "</section>\n"
    }

    private mutating func writeStarter(_ exercise: Exercise) {
        let learnerPath: String
        if let name = exercise.fileName, !name.contains("/"), name != ".", name != ".." {
            learnerPath = workspaceFolder + "/" + name  // what displayPath(learnerFile(…)) gives for a plain name
        } else {
            learnerPath = workbook.learnerFile(for: exercise, in: chapter).map(workbook.displayPath) ?? WorkbookLayout.learnerFile(stem: chapter.stem)
        }
        html += "<p class=\"file\">Your file: <code>\(HTML.escape(learnerPath))</code> · "
            + "start with <code>workbook start \(chapter.number)</code>, check with <code>workbook check \(exercise.id)</code></p>\n"
        do {
            let starter = try (starters[exercise.id] ?? Result { () throws(WorkbookError) in try workbook.starter(for: exercise) }).get()
            writeCode(starter, language: exercise.kind.judge == .tests ? "swift" : nil, classes: "code starter")
        } catch {
            // Never fall back to the reference file: that is the answer.
            problem(at: exercise.filesLocation ?? exercise.location, "exercise \(exercise.id): no starter to show: \(error)")
        }
    }

    private mutating func writeSolutionAndTests(_ exercise: Exercise) {
        if let reference = exercise.referenceFile {
            html += "<p class=\"file\">Reference solution: <code>\(HTML.escape(reference))</code></p>\n"
            do {
                let solution = try SolutionMarkers.solution(from: try workbook.read(reference), path: reference)
                writeCode(solution, language: exercise.kind.judge == .tests ? "swift" : nil, classes: "code solution")
            } catch {
                problem(at: exercise.filesLocation ?? exercise.location, "exercise \(exercise.id): no solution to show: \(error)")
            }
        }
        if let tests = exercise.testsFile {
            html += "<p class=\"file\">Tests: <code>\(HTML.escape(tests))</code></p>\n"
            do {
                writeCode(try workbook.read(tests), language: "swift", classes: "code tests")
            } catch {
                problem(at: exercise.filesLocation ?? exercise.location, "exercise \(exercise.id): no tests to show: \(error)")
            }
        }
    }

    // MARK: Helpers

    private mutating func problem(at location: SourceLocation, _ message: String) {
        diagnostics.append(Diagnostic(at: location, message))
        html += "<p class=\"problem\">\(HTML.escape(message))</p>\n"
    }

    private mutating func warn(_ location: SourceLocation, _ message: String) {
        diagnostics.append(Diagnostic(.warning, at: location, message))
    }

    /// How many line feeds `text` holds, counted up to `limit` (over a buffer: counting
    /// through the UTF-8 view cost 1.7% of a whole render, callgrind).
    private static func lineBreaks(in text: String, upTo limit: Int) -> Int {
        var text = text
        return text.withUTF8 { bytes in
            var count = 0
            for byte in bytes where byte == UInt8(ascii: "\n") {
                count += 1
                if count == limit { break }
            }
            return count
        }
    }

    /// Outputs are compared with trailing white space trimmed; shown the same way.
    private func trimmedOutput(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        var kept = 0  // bytes of `out` up to the end of the last line that is not empty
        var first = true
        TextLines.forEach(in: text) { line in
            if !first { out.append(0x0A) }
            first = false
            var end = line.count
            while end > 0, line[end - 1] == 0x20 || line[end - 1] == 0x09 || line[end - 1] == 0x0D { end -= 1 }
            out += line[..<end]
            if end > 0 { kept = out.count }
        }
        return String(decoding: out[..<kept], as: UTF8.self)
    }

    private func firstLine(of text: String) -> String {
        text.split(separator: "\n").first.map(String.init) ?? text
    }
}

/// Counts shown in the command's summary and checked by tests.
public struct RenderTally: Sendable, Equatable {
    public var exercises = 0
    /// Runnable snippets other than figures.
    public var snippets = 0
    /// Snippets shown with their expected output because they have no result.
    public var notRun = 0
    /// Snippets whose actual output differs, or that did not run as the chapter says.
    public var differing = 0
    public var figures = 0
    public var missingFigures = 0

    public init(exercises: Int = 0, snippets: Int = 0, notRun: Int = 0, differing: Int = 0, figures: Int = 0, missingFigures: Int = 0) {
        self.exercises = exercises
        self.snippets = snippets
        self.notRun = notRun
        self.differing = differing
        self.figures = figures
        self.missingFigures = missingFigures
    }

    static func + (lhs: RenderTally, rhs: RenderTally) -> RenderTally {
        var sum = lhs
        sum.exercises += rhs.exercises
        sum.snippets += rhs.snippets
        sum.notRun += rhs.notRun
        sum.differing += rhs.differing
        sum.figures += rhs.figures
        sum.missingFigures += rhs.missingFigures
        return sum
    }
}
