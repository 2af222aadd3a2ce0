import Foundation
import WorkbookRunning
import WorkbookModel
import WorkbookToolchain

/// `workbook editor`: writes (or refreshes) what an editor's Swift language server needs
/// to understand the learner's files, and a VS Code task that checks the open file.
enum EditorCommand: Command {
    static let spec = CommandSpec(
        name: "editor", summary: "set up your editor: completion, diagnostics, jump to definition",
        discussion: """
        Writes compile_flags.txt into each started chapter folder of your workspace, so
        sourcekit-lsp (the Swift language server VS Code, Neovim and others use) knows
        Diner, Stage and the chapter's own files: completion, diagnostics and jump to
        definition work whether the editor is opened on the repository or on exercises/,
        and for files you add. Also writes .vscode/tasks.json with a "workbook check" task
        for the open file whose errors land in the Problems panel (a file whose first line
        you removed is kept). `workbook start` does this too; run this after a change to
        Diner or Stage, or to a chapter's folder. Builds Diner and Stage when needed.
        Exit status: 0; 1 when Diner or Stage does not compile or a file cannot be written.
        """)

    static func run(_: NoOptions, in context: CommandContext) throws -> ExitCode {
        let workbook = try context.workbook()
        let configuration = EditorConfiguration(workbook: workbook)
        if configuration.startedChapters.isEmpty {
            context.console.print("No chapter started yet: `workbook start 1` writes its files and sets up your editor.")
            return .success
        }
        let report = try write(configuration, chapters: nil, in: context)
        print(report, workbook: workbook, on: context.console)
        return .success
    }

    /// Writes the editor's files with a live line while Diner and Stage build.
    static func write(_ configuration: EditorConfiguration, chapters: [Chapter]?, in context: CommandContext) throws -> EditorConfiguration.Report {
        let workbook = configuration.workbook
        let toolchain = try context.toolchain(for: workbook)
        let line = ProgressLine(console: context.console, enabled: context.console.interactive)
        line.update("building Diner and Stage for your editor")
        defer { line.finish() }
        return try configuration.write(chapters: chapters, toolchain: toolchain)
    }

    static func print(_ report: EditorConfiguration.Report, workbook: Workbook, on console: Console) {
        for file in report.written { console.print("  wrote \(workbook.displayPath(file))") }
        for file in report.kept { console.print(console.styled("  kept  \(workbook.displayPath(file)) (yours: its first line is not the workbook's)", .dim)) }
        console.print("Editor: open the repository or \(workbook.displayPath(workbook.exercisesFolder))/ with the Swift extension (sourcekit-lsp); "
            + "completion knows Diner and Stage. VS Code: Run Task › workbook check.")
    }
}
