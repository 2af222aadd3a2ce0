import WorkbookModel

/// `workbook new chapter N slug "Title"` and `workbook new exercise N Name "Title"`.
enum NewCommand: Command {
    typealias Options = ArgumentsOnly

    static let spec = CommandSpec(
        name: "new", summary: "scaffold a chapter or an exercise (authors)",
        arguments: "chapter <N> <slug> <Title> | exercise <N> <Name> <Title>", argumentCount: 4...4,
        discussion: """
        `new chapter 6 autoclosure "Closures that wait"` writes chapters/06-autoclosure.md
        (title, an opening, a snippet with its output, recap, further reading), its hints
        file chapters/hints/06-autoclosure.md, Sources/Chapter06Autoclosure/ and
        Tests/Chapter06AutoclosureTests/ (each with a Support.swift, as SwiftPM wants a file),
        and adds the module to chapterModules in Package.swift, which derives the targets.
        `new exercise 6 DebugLog "A log that waits"` takes the next exercise number and writes
        the reference file with solution markers, a tests file whose suite is named after it
        and titled with its heading, the exercise's section with its files paragraph at the
        end of the chapter, and two hint stubs in the hints file. Then edit them, run
        `workbook run 6 --bless` for outputs and `workbook verify 6`.
        Nothing that exists is overwritten, and a chapter whose number exists is refused
        (nothing is written). Exit status: 0; 1 when something is in the way;
        2 for a usage error.
        """)

    static func run(_ given: Options, in context: CommandContext) throws -> ExitCode {
        let console = context.console
        let words = given.arguments
        guard let number = Int(words[1]) else {
            throw UsageError.invalidChoice(option: "N", value: words[1], choices: ["a chapter number"])
        }
        let scaffold = Scaffold(workbook: try context.workbook())
        let report: Scaffold.Report
        switch words[0] {
        case "chapter": report = try scaffold.chapter(number: number, slug: words[2], title: words[3])
        case "exercise": report = try scaffold.exercise(chapter: number, name: words[2], title: words[3])
        default: throw UsageError.invalidChoice(option: "what", value: words[0], choices: ["chapter", "exercise"])
        }
        for path in report.written { console.print("wrote \(path)") }
        for path in report.changed { console.print("changed \(path)") }
        for path in report.kept { console.print(console.styled("kept \(path) (it exists)", .dim)) }
        for todo in report.todo { console.printError("note: \(todo)") }
        return .success
    }
}
