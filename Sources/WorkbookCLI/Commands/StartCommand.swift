import WorkbookRunning
import WorkbookModel

/// `workbook start N`: writes a chapter's starter files into the workspace.
enum StartCommand: Command {
    typealias Options = ArgumentsOnly

    static let spec = CommandSpec(
        name: "start", summary: "write a chapter's starter files into your workspace",
        arguments: "<N>", argumentCount: 1...1,
        discussion: """
        Writes each exercise's starter to exercises/NN-slug/ (or --exercises DIR). A file
        that exists is never overwritten: it is listed as kept. Also sets up your editor
        (see `workbook help editor`), building Diner and Stage. Prints the next command.
        Exit status: 0; 2 for an unknown chapter.
        """)

    static func run(_ given: Options, in context: CommandContext) throws -> ExitCode {
        let workbook = try context.workbook()
        let chapter = try workbook.chapter(given.arguments[0])
        let report = try WorkspaceFiles(workbook: workbook).start(chapter)
        print(report, for: chapter, on: context.console)
        // The editor's files; building Diner and Stage for them is also most of the
        // first check's work, done now. Not being able to is no reason to fail `start`.
        do {
            let editor = try EditorCommand.write(EditorConfiguration(workbook: workbook), chapters: [chapter], in: context)
            for file in editor.written { context.console.print(context.console.styled("  wrote \(workbook.displayPath(file)) (for your editor: `workbook help editor`)", .dim)) }
        } catch {
            context.console.printError("warning: your editor's files were not written: \(error)")
        }
        return .success
    }

    static func print(_ report: WorkspaceFiles.StartReport, for chapter: Chapter, on console: Console) {
        for file in report.written { console.print("  wrote \(file)") }
        for file in report.kept { console.print(console.styled("  kept  \(file) (it exists; `workbook reset` restores a starter)", .dim)) }
        console.print("Chapter \(chapter.number), “\(chapter.title)”: \(report.written.count) starter file\(report.written.count == 1 ? "" : "s") written.")
        console.print("Next: edit the files, then run `workbook check \(chapter.number)`.")
    }
}
