import Foundation
import WorkbookRunning
import WorkbookGrading
import WorkbookClassroom
import WorkbookToolchain
import WorkbookModel
import WorkbookSystem

/// `workbook check N` / `workbook check N.M`: grades the learner's files.
enum CheckCommand: Command {
    struct Options: ParsableOptions {
        static let format = OutputFormat.option(
            [.text, .json, .junit, .classroom], "text (default), json (Exercism results.json v3), junit, or classroom (a Classroom step's result)")
        static let timeout = GradingContext.timeoutOption("seconds each exercise's tests may run (default 10)")
        static let fresh = CommandSpec.Option.flag("fresh", "ignore cached results and run every exercise's tests again")
        static let out = CommandSpec.Option.value(
            "out", "DIR", "with --format json: write DIR/N.M/results.json for each exercise instead of printing")
        static let full = CommandSpec.Option.flag("full", "show every line of every failure (long reports are folded otherwise)")
        static let points = CommandSpec.Option.count(
            "points", "P", in: 1...1000, "with --format classroom: what the exercise is worth (default: its chapter's Points:, else 1)")

        /// `N` or `N.M`, or an exercise's file.
        var target: String
        var format: OutputFormat
        var grader: Grader.Options
        var out: URL?
        var full: Bool
        /// With --format classroom: the step's max-score (nil: the chapter's).
        var points: Int?

        init(from given: OptionValues) throws(UsageError) {
            target = given.arguments[0]
            grader = try GradingContext.graderOptions(given, timeout: Self.timeout, fresh: Self.fresh)
            format = given.choice(Self.format, default: .text)
            grader.outputPerTest = format == .json
            out = given.path(Self.out)
            full = given.flag(Self.full)
            points = try given.count(Self.points)
            if let points, format != .classroom {
                throw .onlyWith(option: Self.points.name, value: String(points), accepted: "a whole number", other: "--format classroom")
            }
            if let text = given.text(Self.out), format != .json {
                throw .onlyWith(option: Self.out.name, value: text, accepted: "a folder", other: "--format json")
            }
        }
    }

    static let spec = CommandSpec(
        name: "check", summary: "grade your answers to a chapter or one exercise",
        arguments: "<N|N.M>", argumentCount: 1...1,
        options: [Options.format, Options.timeout, Options.fresh, Options.out, Options.full, Options.points],
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
        With --format classroom (one exercise, N.M: a step of the GitHub Classroom workflow
        `workbook classroom` writes) it prints one line, `result=BASE64`, for the step to add
        to $GITHUB_OUTPUT, and the text report on standard error, for the step's log: the
        JSON autograding-grading-reporter reads (version, status, max_score, tests with
        their scores), holding the visible tests `grade` counts, with the points `grade`
        gives for them (a pass: all of --points; a failure: that share of the tests the
        untouched starter fails; nothing for code no test could judge). The reporter adds
        up the tests' scores; they carry the exercise's points on its first passing test.
        Exit status 0 once the line is written: the reporter gives the verdict.
        Exit status: 0 when every exercise checked passes (and see --format classroom), 1 otherwise, 2 for a usage error
        or an unknown chapter or exercise.
        """)

    static func run(_ options: Options, in context: CommandContext) throws -> ExitCode {
        // A Classroom step's standard output goes to $GITHUB_OUTPUT, which takes only
        // `name=value` lines: the report goes to standard error, the step's log.
        let console = options.format == .classroom ? context.console.toStandardError : context.console
        let target = try GradingContext(options.target, in: context)
        if options.format == .classroom, target.exercise == nil {
            throw UsageError.onlyWith(option: "format", value: "classroom", accepted: "text, json or junit",
                                      other: "a chapter (classroom reports one exercise: N.M)")
        }
        let integrity = WorkbookIntegrity.noticeInBackground(root: target.workbook.root, environment: context.environment)
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

        var grade = try target.grade(options: options.grader, console: console, context: context, showProgress: format == .text)
        let recorded = try target.record(grade)
        let locate = CheckLocate(workbook: target.workbook, toolchain: try? context.toolchain(for: target.workbook), environment: context.environment, console: console)
        if format == .json, let locate { grade = locate.annotated(grade, chapter: target.chapter) }
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
            console.print(JUnitReport.xml(grade, chapter: target.chapter, hostname: ProcessInfo.processInfo.hostName))
        case .text, .classroom:
            var report = CheckReport(console: console, full: options.full)
            if let locate { report.locate = { locate.lines($0, in: target.chapter, among: grade) } }
            report.print(grade, chapter: target.chapter, statuses: target.statuses(after: grade, recorded: recorded))
        }
        let host = try context.toolchain(for: target.workbook).host
        SandboxNotice.print(on: console, inReport: format == .text || format == .classroom, sandbox: host.sandbox, integrity: integrity,
                            rootsOwn: Sandbox.rootsOwnNote(for: [target.workbook.root.path, target.workbook.exercisesFolder.path], host: host))
        if format == .classroom, let only = grade.exercises.first {
            let points = options.points ?? target.exercise?.points ?? 1
            let result = ClassroomResult.result(for: only, maxScore: points,
                                                starterPasses: try starterPasses(for: only, in: target, options: options, context: context))
            console.print("points: \(Gradebook.number(result.points)) of \(points) (the visible tests, as `workbook grade` counts them)")
            context.console.print(try ClassroomResult.outputLine(result.result))
            return .success
        }
        return grade.allPassed ? .success : .failure
    }

    /// The tests of `grade`'s exercise its untouched starter passes too, graded as `grade`
    /// grades them: beside the student's own other files its tests reach
    /// (`StarterBaselines.forCheck`), else with every exercise at its starter
    /// (`ClassGrader.starterPasses`); only looked for when they could matter: a failure
    /// with some visible test passing.
    private static func starterPasses(for grade: ExerciseGrade, in target: GradingContext, options: Options,
                                      context: CommandContext) throws -> Set<String> {
        guard [.failed, .crashed, .timedOut].contains(grade.status), grade.tests.contains(where: { !$0.hidden && $0.status == .pass }) else {
            return []
        }
        let toolchain = try context.toolchain(for: target.workbook)
        let starters = ClassGrader(course: target.workbook.course, toolchain: toolchain, options: options.grader, chapters: [target.chapter.number])
        return try StarterBaselines.forCheck(grade, workbook: target.workbook, chapter: target.chapter, toolchain: toolchain,
                                             options: options.grader) { try starters.starterPasses()[grade.id] ?? [] }
    }
}
