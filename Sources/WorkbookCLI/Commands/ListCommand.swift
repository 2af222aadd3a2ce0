import Foundation
import WorkbookModel

/// `workbook list`: the chapters, their exercises with the learner's status, and
/// their snippets. The JSON form is a contract for editors and later commands.
enum ListCommand: Command {
    struct Options: ParsableOptions {
        static let format = OutputFormat.option([.text, .json], "text (default) or json")

        var format: OutputFormat

        init(from given: OptionValues) {
            format = given.choice(Self.format, default: .text)
        }
    }

    static let spec = CommandSpec(
        name: "list",
        summary: "list the chapters, their exercises and your progress",
        options: [Options.format],
        discussion: """
        Lists every chapter with its exercises and each exercise's status: not-started,
        failing, error (does not compile), passing, or unknown (changed since last checked).
        --format json prints the machine-readable form documented in docs/chapter-format.md.
        Exit status: 0.
        """
    )

    static func run(_ options: Options, in context: CommandContext) throws -> ExitCode {
        let workbook = try context.workbook()
        if options.format == .json {
            context.console.print(try json(for: workbook))
        } else {
            printText(workbook, on: context.console)
        }
        // A chapter too broken to parse is named, with why, never silently left out.
        let unparsed = workbook.diagnostics.filter { diagnostic in
            workbook.unparsedChapterNumbers.contains { number in
                diagnostic.location.path.hasPrefix(WorkbookLayout.chapters + String(format: "/%02d-", number))
            }
        }
        for diagnostic in unparsed {
            context.console.error("\(diagnostic.message) (the chapter is left out)", at: "\(diagnostic.location)")
        }
        return unparsed.isEmpty ? .success : .failure
    }

    // MARK: JSON

    struct Listing: Encodable {
        var chapters: [ChapterEntry]
    }

    struct ChapterEntry: Encodable {
        var number: Int
        var title: String
        var file: String
        var exercises: [ExerciseEntry]
        var snippets: [SnippetEntry]
    }

    struct ExerciseEntry: Encodable {
        var id: String
        var title: String
        /// `write`, `predict` or `compile`.
        var kind: String
        var line: Int
        var learnerFile: String?
        var referenceFile: String?
        var testsFile: String?
        var status: String
    }

    struct SnippetEntry: Encodable {
        var line: Int
        var expectedOutputLine: Int?
        var attributes: [String]
    }

    static func json(for workbook: Workbook) throws -> String {
        let state = ProgressStore(workbook: workbook).load()
        let listing = Listing(chapters: workbook.chapters.map { chapter in
            ChapterEntry(
                number: chapter.number, title: chapter.title, file: chapter.path,
                exercises: chapter.exercises.map { exercise in
                    ExerciseEntry(
                        id: exercise.id.description, title: exercise.title, kind: exercise.kind.rawValue, line: exercise.location.line,
                        learnerFile: workbook.learnerFile(for: exercise, in: chapter).map(workbook.displayPath),
                        referenceFile: exercise.referenceFile, testsFile: exercise.testsFile,
                        status: workbook.recordedStatus(of: exercise, in: chapter, state: state).rawValue)
                },
                snippets: chapter.snippets.map { snippet in
                    SnippetEntry(
                        line: snippet.location.line, expectedOutputLine: snippet.expectedOutputLocation?.line,
                        attributes: snippet.attributes.map(\.rawValue))
                })
        })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(listing), as: UTF8.self)
    }

    // MARK: Text

    static func printText(_ workbook: Workbook, on console: Console) {
        let exercises = workbook.chapters.flatMap { chapter in chapter.exercises.map { (chapter, $0) } }
        let state = ProgressStore(workbook: workbook).load()
        let passing = exercises.filter { workbook.recordedStatus(of: $0.1, in: $0.0, state: state) == .passing }.count
        console.print(console.styled("Closures Workbook", .bold)
            + " — \(workbook.chapters.count) chapters, \(exercises.count) exercises, \(passing) passing")
        for chapter in workbook.chapters {
            console.print()
            console.print(console.styled(String(format: "%2d  %@", chapter.number, chapter.title), .bold)
                + console.styled("  \(chapter.path) · \(chapter.snippets.count) snippets", .dim))
            if chapter.exercises.isEmpty {
                console.print(console.styled("    no exercises yet", .dim))
            }
            let width = chapter.exercises.map(\.title.count).max() ?? 0
            for exercise in chapter.exercises {
                let status = workbook.recordedStatus(of: exercise, in: chapter, state: state)
                let padded = exercise.title.padding(toLength: width, withPad: " ", startingAt: 0)
                let kind = exercise.kind.label.map { console.styled("  (\($0))", .dim) } ?? ""
                console.print("    \(exercise.id.description.padding(toLength: 5, withPad: " ", startingAt: 0))\(padded)  \(badge(status, console))\(kind)")
            }
        }
        console.print()
        console.print(console.styled("Start a chapter with `workbook start N`; the files go to \(workbook.displayPath(workbook.exercisesFolder))/.", .dim))
    }

    static func badge(_ status: ExerciseStatus, _ console: Console) -> String {
        switch status {
        case .passing: return console.styled("✓ passing", .green)
        case .failing: return console.styled("✗ failing", .red)
        case .error: return console.styled("! does not compile", .red)
        case .notStarted: return console.styled("· not started", .dim)
        case .unknown: return console.styled("? changed since last check", .yellow)
        }
    }
}
