import Foundation
import WorkbookRunning
import WorkbookGrading
import WorkbookModel
import WorkbookSystem

/// `workbook check N` / `workbook check N.M`: grades the learner's files.
enum CheckCommand: Command {
    struct Options: ParsableOptions {
        static let format = OutputFormat.option([.text, .json, .junit], "text (default), json (Exercism results.json v3), or junit")
        static let timeout = GradingContext.timeoutOption("seconds each exercise's tests may run (default 10)")
        static let fresh = CommandSpec.Option.flag("fresh", "ignore cached results and run every exercise's tests again")
        static let out = CommandSpec.Option.value(
            "out", "DIR", "with --format json: write DIR/N.M/results.json for each exercise instead of printing")
        static let full = CommandSpec.Option.flag("full", "show every line of every failure (long reports are folded otherwise)")

        /// `N` or `N.M`, or an exercise's file.
        var target: String
        var format: OutputFormat
        var grader: Grader.Options
        var out: URL?
        var full: Bool

        init(from given: OptionValues) throws(UsageError) {
            target = given.arguments[0]
            grader = try GradingContext.graderOptions(given, timeout: Self.timeout, fresh: Self.fresh)
            format = given.choice(Self.format, default: .text)
            grader.outputPerTest = format == .json
            out = given.path(Self.out)
            full = given.flag(Self.full)
            if let text = given.text(Self.out), format != .json {
                throw .onlyWith(option: Self.out.name, value: text, accepted: "a folder", other: "--format json")
            }
        }
    }

    static let spec = CommandSpec(
        name: "check", summary: "grade your answers to a chapter or one exercise",
        arguments: "<N|N.M>", argumentCount: 1...1,
        options: [Options.format, Options.timeout, Options.fresh, Options.out, Options.full],
        discussion: """
        Compiles your files as the chapter's module, compiles the chapter's tests against it,
        and runs each exercise's tests in its own process with a time limit and a 1 MiB
        output cap. Each exercise is reported as passed, failed (every failing test: its
        message, the test's lines that failed, and your function it calls at your
        file:line), does not compile (the compiler's diagnostics at your
        file:line), crashed (the signal, the trap's message and the frames in your files),
        timed out (the limit, and whether it was computing or waiting), or not started
        (the file is still the starter). When its tests use another exercise's code that
        is not passing, that comes first; your file's compiler warnings are listed under
        it (they never fail it). Escape hatches in your file (a raw syscall, dlsym,
        @_silgen_name, a file descriptor you did not open, exit, Process, fork, a /proc
        path…) are noted as "look at this: FILE:LINE uses NAME", never a failure, unless
        the exercise's statement allows them (`· Allows:`). The totals are the chapter's. A chapter not
        started yet is started first. Builds live in .workbook/; your files are never written.
        After an edit inside a function, only that file is compiled again, and only the
        exercises whose tests reach it are run again; the others keep their results.
        WORKBOOK_TIMINGS=1 prints how long each phase took, to standard error.
        With --format json each exercise is an Exercism results.json (v3): a top-level
        message only for `error`, each test's own output (the tests then run one at a time
        so their output can be told apart), the test's body as `test_code`; an escape
        hatch's note is added to a message only where the status is not pass (v3 has no
        free field); a hidden test (Tests/<Target>/Hidden/, in the full repository only)
        has `"hidden": true`. It names your files from the workspace (01-basics/Ex1_Add.swift),
        as Exercism's interface asks. Hidden tests run as the exercise's other tests do; a failing
        one is marked "(hidden test)".
        Exit status: 0 when every exercise checked passes, 1 otherwise, 2 for a usage error
        or an unknown chapter or exercise.
        """)

    static func run(_ options: Options, in context: CommandContext) throws -> ExitCode {
        let console = context.console
        let target = try GradingContext(options.target, in: context)
        let integrity = WorkbookIntegrity.noticeInBackground(root: target.workbook.root)
        let format = options.format
        let out = options.out
        if let out {
            try OutputPlace.check(out, workbook: target.workbook, advice: "write the results into a folder of their own")
        }

        // A chapter never started is started, so there is something to check.
        let folder = target.workbook.exercisesFolder.appendingPathComponent(target.chapter.stem)
        if !FileManager.default.fileExists(atPath: folder.path) {
            // A mistyped --exercises path is not made into a workspace: only `start`
            // and `reset` write learner files where none were.
            if let named = context.exercisesFolder, !FileManager.default.fileExists(atPath: named.path) {
                throw WorkbookError.unreadable(path: target.workbook.displayPath(named),
                                               reason: "no such workspace folder; check the path, or make it with "
                                                + "`workbook start \(target.chapter.number) --exercises \(target.workbook.displayPath(named))`")
            }
            let report = try WorkspaceFiles(workbook: target.workbook).start(target.chapter)
            if format == .text {
                StartCommand.print(report, for: target.chapter, on: console)
                console.print()
            }
        }

        let grade = try target.grade(options: options.grader, console: console, environment: context.environment, showProgress: format == .text)
        try target.record(grade)
        // Files added since `start` become known to the editor's other files.
        EditorConfiguration(workbook: target.workbook).refreshFileList(of: target.chapter)
        // Exercism's interface: results.json names files from the solution's folder, the workspace.
        let fromWorkspace = WorkspaceRelativePaths.apply(grade, workspace: target.workbook.displayPath(target.workbook.exercisesFolder))
        switch format {
        case .json where out != nil:
            for exercise in fromWorkspace.exercises {
                let folder = out!.appendingPathComponent(exercise.id.description)
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try AtomicFile.write(try ResultsJSON.exercise(exercise), to: folder.appendingPathComponent("results.json"))
                console.print("wrote \(target.workbook.displayPath(folder.appendingPathComponent("results.json")))")
            }
        case .json:
            if target.exercise != nil, let only = fromWorkspace.exercises.first {
                console.print(try ResultsJSON.exercise(only))
            } else {
                console.print(try ResultsJSON.chapter(fromWorkspace))
            }
        case .junit:
            console.print(JUnitReport.xml(grade, chapter: target.chapter))
        case .text:
            CheckReport(console: console, full: options.full)
                .print(grade, chapter: target.chapter, statuses: target.statuses(after: grade))
        }
        SandboxNotice.print(on: console, inReport: format == .text, integrity: integrity)
        return grade.allPassed ? .success : .failure
    }
}
