import Foundation
import Testing
@testable import WorkbookRendering
import WorkbookTestSupport
import WorkbookModel
import WorkbookSystem

/// The workbook's own five chapters, rendered for students, checked for answers.
///
/// The render's own audit (`SolutionLeakAudit`) lets through any line that a chapter or a
/// starter shows, wherever it shows it: it guards against a page showing a file by
/// mistake. It cannot see an author's choice to print an answer: a chapter's prose that
/// quotes the body of an exercise's function, or one exercise's given code that holds
/// another's answer. This suite reads what a student would read and looks there for each
/// exercise's reference lines, allowing only the lines its own starter shows and the
/// lines a chapter shows whole (a snippet may well teach with the same line of code).
@Suite("The student edition of the workbook's chapters")
struct StudentEditionAnswersTests {
    /// Shorter lines (`}`, `return low`, `count += 1`) are shared by any two programs.
    static let minimumLength = 16

    /// One line of a reference solution that a student page shows.
    struct Answer: CustomStringConvertible {
        var exercise: ExerciseID
        var location: WorkbookModel.SourceLocation
        var text: String
        var page: String
        var description: String { "\(page) shows exercise \(exercise)'s answer line \(location.path):\(location.line): \(text.debugDescription)" }
    }

    /// Lines of reference solutions that a student page shows on purpose, with why.
    static let shownOnPurpose: [(line: String, why: String)] = [
        ("for section in dataSource.sections.indices {", "2.11's starter keeps the loop header that updates the data source; 2.7's answer is what the loop does"),
        ("continuation.resume(with: result)", "ch3 names the call that hands a Result to a continuation; 3.7 asks where it goes"),
        // 4.9 is a compile exercise: its starter is the racy adapter the learner makes safe,
        // written with the contract's idioms that 4.4 and 4.10 use too. They are the
        // contract's words (the chapter's `AsyncOperation` section spells each), not the
        // thought either exercise asks for (the order of steps, the retries' bookkeeping).
        ("return { progress, cancelled, done in", "4.9's starter opens an AsyncOperation as 4.4's answer does: the type's own shape"),
        ("if outcome == .cancelled { cancelled?() }", "4.9's starter reports a cancel as the contract says; 4.4 must also, where its steps end"),
        ("var isOver = false", "4.9's starter's run flag; 4.10's answer keeps one too, among four other fields of its state"),
        ("done?(.cancelled)", "4.9's starter ends a cancelled run as the contract says; 4.10's cancel must also"),
    ]

    static var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// The text of a line with every run of blanks made one space, so that a quotation
    /// re-indented or re-wrapped inside a paragraph is still found.
    static func squeezed(_ text: some StringProtocol) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    }

    /// The lines inside `BEGIN SOLUTION` regions (before their `// STARTER:`) of `exercise`'s
    /// reference that are long enough to be evidence, that its starter does not show and
    /// that no chapter shows as a line of its own.
    static func answerLines(of exercise: Exercise, in workbook: Workbook, shownWhole: Set<String>) throws -> [(line: Int, text: String)] {
        let path = try #require(exercise.referenceFile, "exercise \(exercise.id) names no reference file")
        let source = try workbook.read(path)
        let starter = Set(try workbook.starter(for: exercise).split(separator: "\n").map { squeezed($0) })
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        var answers: [(line: Int, text: String)] = []
        for region in try SolutionMarkers.regions(in: source, path: path) {
            guard let answerLines = region.answerLines else { continue }
            for number in answerLines {
                let text = squeezed(lines[number - 1])
                guard text.count >= minimumLength, text.contains(where: { $0.isLetter || $0.isNumber }), !starter.contains(text), !shownWhole.contains(text) else { continue }
                answers.append((number, text))
            }
        }
        return answers
    }

    /// The lines a reader sees on a page and the text of its inline code spans, each trimmed
    /// and squeezed. Lines are compared whole, as the render's audit compares them: a
    /// chapter may well mention a fragment of an answer (`reduce(0)`) without giving it away.
    static func readable(_ html: String) -> Set<String> {
        var lines = Set(HTML.visibleLines(html).map { squeezed($0) })
        var rest = html[...]
        while let open = rest.range(of: "<code>"), let close = rest[open.upperBound...].range(of: "</code>") {
            let span = String(rest[open.upperBound..<close.lowerBound])
            lines.formUnion(HTML.visibleLines(span).map { squeezed($0) })
            rest = rest[close.upperBound...]
        }
        return lines
    }

    @Test("show no line of any exercise's reference solution outside its own starter and the code the chapters show, across all 55 exercises",
          .timeLimit(.minutes(5)))
    func noAnswers() async throws {
        let workbook = try Workbook(root: Self.repository)
        let exercises = workbook.chapters.flatMap(\.exercises)
        #expect(workbook.chapters.count == 5)
        #expect(exercises.count == 55, "the workbook has \(exercises.count) exercises; this suite was written for 55")
        let set = try await onOwnThread {
            HandoutRenderer(workbook: workbook, edition: .student, results: nil).render(workbook.chapters, collections: false)
        }
        #expect(set.errors.isEmpty, "\(set.errors)")
        let pages = workbook.chapters.map { HandoutRenderer.fileName(of: $0) }
        #expect(Set(pages).isSubset(of: set.pages.map(\.fileName)), "\(set.pages.map(\.fileName))")
        // What a student reads on each page, blanks squeezed: its visible lines, and the
        // text of each code span (a paragraph may quote a whole line of code inline).
        let shown = set.pages.map { page in (page.fileName, Self.readable(page.html)) }
        // The lines of the chapters' Markdown, whole: code an author chose to show.
        var shownWhole = Set<String>()
        for chapter in workbook.chapters {
            for line in try workbook.read(chapter.path).split(separator: "\n") { shownWhole.insert(Self.squeezed(line)) }
            // A hint is read only when asked for, and the last one nearly gives the answer
            // by design (CHAPTERS.md): what its code spans quote is allowed.
            if let hints = try? workbook.read("chapters/hints/\(chapter.stem).md") {
                for (index, part) in hints.split(separator: "`", omittingEmptySubsequences: false).enumerated() where index % 2 == 1 {
                    shownWhole.insert(Self.squeezed(part))
                }
            }
        }
        // Lines a page shows on purpose, each with its reason.
        for (line, _) in Self.shownOnPurpose { shownWhole.insert(line) }
        var found: [Answer] = []
        var checked = 0
        for exercise in exercises {
            let path = try #require(exercise.referenceFile)
            for answer in try Self.answerLines(of: exercise, in: workbook, shownWhole: shownWhole) {
                checked += 1
                for (page, lines) in shown where lines.contains(answer.text) {
                    found.append(Answer(exercise: exercise.id, location: .init(path: path, line: answer.line), text: answer.text, page: page))
                }
            }
        }
        #expect(checked > 300, "only \(checked) answer lines were looked for: the regions were not read")
        #expect(found.isEmpty, "\(found.count) answer lines in the student edition:\n\(found.map(\.description).joined(separator: "\n"))")
    }
}
