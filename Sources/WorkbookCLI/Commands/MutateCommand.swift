import Foundation
import WorkbookMutation
import WorkbookModel
import WorkbookSystem
import WorkbookToolchain

/// `workbook mutate [N|N.M]`: an author's check that the tests catch plausible mistakes.
enum MutateCommand: Command {
    struct Options: ParsableOptions {
        static let format = OutputFormat.option([.text, .json], "text (default) or json")
        static let timeout = GradingContext.timeoutOption("seconds each exercise's tests may run with a mutant (default 5)")
        static let minScore = CommandSpec.Option.number(
            "min-score", "P", in: 0...100, "the floor: exit 1 when a chapter catches less than P% (default 95)")
        static let sample = CommandSpec.Option.count(
            "sample", "N", in: 1...1_000_000, "grade a fixed sample of at most N mutants per chapter (the same every run)")
        static let jobs = CommandSpec.Option.count("jobs", "N", in: 1...64, "mutants graded side by side (default: one per processor)")
        static let `operator` = CommandSpec.Option.value(
            "operator", "NAME[,NAME…]", "make mutants with these operators only (names as the report shows them)")
        static let accept = CommandSpec.Option.value(
            "accept", "FILE:LINE:OPERATOR", "record a surviving mutant as acceptable (with --reason), then report")
        static let reason = CommandSpec.Option.value("reason", "TEXT", "why the mutant given to --accept is equivalent, in one line")
        static let list = CommandSpec.Option.flag("list", "list the mutants without grading them")
        static let fresh = CommandSpec.Option.flag("fresh", "ignore cached results and grade every mutant again")

        /// `N` or `N.M`; nil for every chapter with exercises.
        var target: String?
        var format: OutputFormat
        var runner: MutationRunner.Options
        /// The score (a percentage) below which a chapter fails.
        var floor: Double
        /// A surviving mutant to record as acceptable, and why.
        var accept: (key: String, reason: String)?
        var list: Bool

        init(from given: OptionValues) throws(UsageError) {
            target = given.arguments.first
            format = given.choice(Self.format, default: .text)
            runner = MutationRunner.Options()
            runner.timeout = try given.number(Self.timeout, default: 5)
            floor = try given.number(Self.minScore, default: 95)
            runner.sample = try given.count(Self.sample)
            runner.workers = try given.count(Self.jobs, default: runner.workers)
            if let names = given.text(Self.operator) {
                let wanted = Set(names.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
                let unknown = wanted.subtracting(MutationOperator.names)
                guard unknown.isEmpty else { throw .unknownOperators(unknown.sorted(), known: MutationOperator.names) }
                runner.operators = wanted
            }
            runner.useCache = !given.flag(Self.fresh)
            if let key = given.text(Self.accept) {
                guard let reason = given.text(Self.reason), !reason.trimmingCharacters(in: .whitespaces).isEmpty else {
                    throw .acceptWithoutReason
                }
                accept = (key, reason)
            }
            list = given.flag(Self.list)
        }
    }

    static let spec = CommandSpec(
        name: "mutate", summary: "prove the tests catch plausible mistakes in the reference solutions",
        arguments: "[N|N.M]", argumentCount: 0...1,
        options: [Options.format, Options.timeout, Options.minScore, Options.sample, Options.jobs, Options.operator,
                  Options.accept, Options.reason, Options.list, Options.fresh],
        discussion: """
        For each exercise of chapter N (or of exercise N.M, or of every chapter with
        exercises), puts one plausible mistake at a time into the reference solution —
        inside its solution regions only, never on marker lines, starter lines, comments
        or string literals — and grades the exercise with it in place, the chapter's
        other exercises holding their references. The operators: comparisons, booleans,
        + and -, off-by-one, true/false, ..< and ..., first/last, min/max, $0/$1,
        .reversed(), async/sync, a main-queue hop removed, a call deleted or doubled,
        [weak self] made strong, two statements swapped (one-line or spanning lines), a
        return moved up, a tie let through (ties), a condition negated (flag-flipped), a
        sign flipped (sign-flipped), a neighbour's element read (index-off-by-one), a
        step done twice (step-doubled), a block left out (block-deleted); and the
        mistakes made with completions and queues: a completion called before the work
        it reports (completion-first) or twice (completion-doubled), a check and its act
        split over two critical sections (check-then-act-split), asyncAfter made sync,
        a hop run in place (queue-hop-removed) or sent to the other queue
        (queue-swapped), a state update deleted (state-update-deleted). --operator
        limits a run to some of them.
        Reports per chapter the mutants tried, caught (failed, crashed, timed out), that
        did not compile, accepted, and every survivor as file:line with its change.
        Survivors judged equivalent are listed with a reason in Tests/Mutants/NN-slug.txt
        (FILE:LINE:OPERATOR, then the reason); --accept appends one. Results are cached
        by content; mutants run in parallel, each in a workbook of its own under
        .workbook/cache/mutate/.
        Exit status: 0 when every chapter catches at least the floor of its compiling,
        non-accepted mutants, 1 otherwise, 2 for a usage error or an unknown chapter.
        """)

    static func run(_ given: Options, in context: CommandContext) throws -> ExitCode {
        let console = context.console
        let workbook = try context.workbook()
        let options = given.runner
        let floor = given.floor

        var chapters = workbook.chapters.filter { !$0.exercises.isEmpty }
        var only: ExerciseID?
        if let target = given.target {
            if target.contains(".") {
                let (chapter, exercise) = try workbook.exercise(target)
                chapters = [chapter]
                only = exercise.id
            } else {
                chapters = [try workbook.chapter(target)]
            }
        }
        if let (key, reason) = given.accept {
            let name = String(key.prefix { $0 != ":" })
            guard key.split(separator: ":").count == 3,
                  let chapter = chapters.first(where: { $0.exercises.contains { $0.fileName == name } }) else {
                throw UsageError.unknownMutant(key)
            }
            let file = AcceptedMutants.file(for: chapter, in: workbook)
            var text = FileManager.default.contents(atPath: file.path).map { String(decoding: $0, as: UTF8.self) }
                ?? "# Mutants of chapter \(chapter.number) judged acceptable: FILE:LINE:OPERATOR, then why (read by `workbook mutate`).\n"
            if !text.hasSuffix("\n") { text += "\n" }
            try AtomicFile.write(text + AcceptedMutants.line(key: key, reason: reason), to: file)
            console.printError("accepted \(key) in \(workbook.displayPath(file))")
        }

        let toolchain = try context.toolchain(for: workbook)
        var runner = MutationRunner(workbook: workbook, toolchain: toolchain, options: options)
        if given.list {
            for chapter in chapters {
                for mutant in runner.selected(try runner.mutants(of: chapter, only: only)) {
                    console.print("\(mutant.file):\(mutant.line): \(mutant.exercise) \(mutant.operatorName): \(mutant.diff)")
                }
            }
            return .success
        }
        let format = given.format
        let line = ProgressLine(console: console, enabled: format == .text && console.interactive,
                                timings: CommandContext.wantsTimings(context.environment))
        runner.progress = { line.update($0.progressText) }
        let run = try runner.run(chapters, only: only)
        let reports = run.reports
        line.finish()
        if format == .text {
            for (report, seconds) in zip(reports, run.seconds) {
                print(report, floor: floor, seconds: seconds, sampled: options.sample != nil, on: console)
            }
        }
        if format == .json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            struct Output: Encodable { var floor: Double; var chapters: [ChapterMutationReport] }
            console.print(String(decoding: try encoder.encode(Output(floor: floor, chapters: reports)), as: UTF8.self))
        }
        return reports.allSatisfy { $0.score >= floor } ? .success : .failure
    }

    /// A chapter's counts, its score against the floor, then every survivor.
    static func print(_ report: ChapterMutationReport, floor: Double, seconds: Double, sampled: Bool, on console: Console) {
        var counts = "\(report.tried) mutant\(report.tried == 1 ? "" : "s")"
        if sampled { counts += " (a sample of \(report.generated))" }
        counts += ": \(report.caught) caught (\(report.count(.failed)) failed, \(report.count(.crashed)) crashed, \(report.count(.timedOut)) timed out)"
        counts += ", \(report.count(.didNotCompile)) did not compile, \(report.accepted) accepted, \(report.survivors.count) survived"
        let verdict = report.score >= floor
            ? console.styled("\(report.scoreText) caught", .green)
            : console.styled("\(report.scoreText) caught, below the floor of \(String(format: "%g", floor))%", .red)
        // The chapters share one pool of workers: the time is when the chapter's last mutant
        // was in, counted from the start.
        console.print("chapter \(report.chapter): \(counts): \(verdict)" + String(format: "  (done at %.0f s)", seconds))
        for survivor in report.survivors {
            let mutant = survivor.mutant
            console.print("  \(mutant.file):\(mutant.line): survived: \(mutant.exercise) \(mutant.operatorName): \(mutant.diff)")
        }
        for stale in report.staleAcceptances {
            console.print("  note: Tests/Mutants entry \(stale) matches no survivor: remove it, or fix its line")
        }
    }
}
