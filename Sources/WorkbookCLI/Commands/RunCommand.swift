import Foundation
import WorkbookRunning
import WorkbookModel
import WorkbookSystem

/// `workbook run <N|all|FILE.swift>`: checks that the chapters' snippets print what the
/// chapters say, or runs a learner's own file as a command-line playground.
enum RunCommand: Command {
    struct Options: ParsableOptions {
        static let format = OutputFormat.option([.text, .json], "text (default) or json")
        static let timeout = GradingContext.timeoutOption("seconds each snippet (or FILE.swift) may run (default 10)")
        static let fresh = CommandSpec.Option.flag("fresh", "ignore cached results and programs: compile and run everything again")
        static let noMerge = CommandSpec.Option.flag("no-merge", "compile each snippet on its own instead of one merged program per chapter")
        static let bless = CommandSpec.Option.flag("bless", "write what each mismatched snippet printed into its output block (for authors)")
        static let bench = CommandSpec.Option.flag(
            "bench", "measure a merged run of the largest chapter against one swiftc build per snippet, and a cached re-run")
        static let reference = CommandSpec.Option.flag(
            "reference", "with FILE.swift: import the chapters' model answers instead of your exercise files")

        /// `N`, `all` or a FILE.swift.
        var target: String
        var format: OutputFormat
        var runner: SnippetRunner.Options
        var bless: Bool
        var bench: Bool
        var reference: Bool

        init(from given: OptionValues) throws(UsageError) {
            target = given.arguments[0]
            runner = SnippetRunner.Options()
            runner.timeout = try given.number(Self.timeout, default: 10)
            runner.useCache = !given.flag(Self.fresh)
            runner.merge = !given.flag(Self.noMerge)
            format = given.choice(Self.format, default: .text)
            bless = given.flag(Self.bless)
            bench = given.flag(Self.bench)
            reference = given.flag(Self.reference)
        }
    }

    static let spec = CommandSpec(
        name: "run",
        summary: "run a chapter's snippets and compare their output",
        arguments: "<N|all|FILE.swift>",
        argumentCount: 1...1,
        options: [Options.format, Options.timeout, Options.fresh, Options.noMerge, Options.bless, Options.bench, Options.reference],
        discussion: """
        Compiles every `swift run` snippet of chapter N (or of all chapters) into one program
        per chapter, runs each snippet in a process of its own and compares what it prints with
        the chapter's ```output block (trailing white space ignored). Each snippet is reported as
        chapters/NN-slug.md:LINE, with a unified diff when the output differs; compile errors
        point at the chapter line. Results are cached by content in .workbook/.
        With FILE.swift, compiles and runs that file with Diner, Stage and the chapter modules
        importable, and prints what it prints. A chapter module it imports is built from YOUR
        exercise files (the starter where you have none yet), so you see your own code run;
        --reference imports the model answers instead (in a student release, which has none,
        it says so and exits 3). Which one was used goes to standard error.
        An exercise file that does not compile is left out of the module (its starter stands in
        when that compiles; a compile exercise's untouched starter never does), and a note names
        it, so the chapter's module can be imported at every stage of the chapter.
        Merged snippets run as processes forked from one start of their program, so the
        libraries are loaded once per chapter. WORKBOOK_TIMINGS=1 prints how long each
        chapter spent building and running, to standard error.
        Exit status: 0 when every snippet passes (or FILE.swift exits 0), 1 otherwise,
        2 for an unknown chapter or a missing file, 3 for --reference in a student release.
        """
    )

    static func run(_ given: Options, in context: CommandContext) throws -> ExitCode {
        let target = given.target
        let console = context.console
        let options = given.runner
        if target.hasSuffix(".swift") {
            return try runScript(target, options: options, reference: given.reference, in: context)
        }
        let workbook = try context.workbook()
        let chapters = target == "all" ? workbook.chapters : [try workbook.chapter(target)]
        if given.bench {
            let toolchain = try context.toolchain(for: workbook)
            let report = try SnippetBenchmark.measure(workbook, toolchain: toolchain, environment: context.environment)
            for line in report.lines { console.print(line) }
            // A missed target fails `make bench`, unless the machine is known to be noisy.
            return report.missedTargets.isEmpty || context.environment["BENCH_WARN_ONLY"] == "1" ? .success : .failure
        }
        var runner = SnippetRunner(root: workbook.root, toolchain: try context.toolchain(for: workbook), options: options)
        if workbook.isRelease {
            // A release has no reference modules: the chapters import the learner's, as the
            // playground does (an untouched compile starter left out), so a snippet that
            // calls an exercise not solved yet differs from the chapter until it is.
            let names = chapters.compactMap(\.moduleName)
            let sources = try LearnerModules(workbook: workbook).compilingSources(for: names, runner: runner)
            runner = runner.overridingModules(sources.modules)
            if given.format != .json, !names.isEmpty {
                console.printError("note: a student release: the chapter modules are built from your files in \(workbook.displayPath(workbook.exercisesFolder))/; "
                    + "a snippet that uses an exercise you have not solved differs from the chapter until you solve it")
            }
        }
        var runs: [SnippetRunner.ChapterRun] = []
        let json = given.format == .json
        // Each module's sources are hashed once for all the chapters, not once per chapter.
        let shared = chapters.count > 1 ? runner.modules(for: chapters) : nil
        let timings = CommandContext.wantsTimings(context.environment)
        let progress = ProgressStore(workbook: workbook).load()
        for chapter in chapters {
            let run = withholdingAnswers(try runner.run(chapter, sharing: shared), progress: progress)
            // Text goes out chapter by chapter, so a long first run shows progress.
            if !json { printChapter(run, on: console) }
            if timings {
                console.printError(String(
                    format: "timings: chapter %d: %.3f s, of which building %.3f s and running %.3f s (busy seconds, summed over processors)",
                    run.chapter.number, run.seconds, run.buildingSeconds, run.runningSeconds))
            }
            runs.append(run)
        }
        if json {
            console.print(try self.json(runs))
        } else {
            printSummary(runs, on: console)
        }
        if given.bless {
            return try bless(runs, workbook: workbook, on: console)
        }
        return runs.allSatisfy { $0.failures.isEmpty } ? .success : .failure
    }

    // MARK: Predictions kept back

    /// A predict exercise's program prints its answer: until the exercise has passed (or
    /// its solution was shown), its snippet's outputs are left out of the report, text and
    /// JSON alike; its status still counts.
    static func withholdingAnswers(_ run: SnippetRunner.ChapterRun, progress: ProgressState) -> SnippetRunner.ChapterRun {
        var run = run
        for exercise in run.chapter.exercises where exercise.kind == .predict {
            let entry = progress[exercise.id]
            guard !entry.everPassed, !entry.solutionShown,
                  let index = run.results.firstIndex(where: { $0.line == exercise.programLine }) else { continue }
            run.results[index].expected = nil
            run.results[index].actual = ""
            if run.results[index].status != .passed {
                run.results[index].message += " (its output is left out: it is the answer to exercise \(exercise.id), which has not passed yet)"
            }
        }
        return run
    }

    // MARK: Blessing outputs

    /// Writes each mismatched snippet's actual output into its `output` block; the other
    /// failures (crashes, compile errors, time-outs) are left for the author.
    private static func bless(_ runs: [SnippetRunner.ChapterRun], workbook: Workbook, on console: Console) throws -> ExitCode {
        var remaining = false
        for run in runs {
            var outputs: [(fenceLine: Int, output: String)] = []
            for result in run.results {
                switch result.status {
                case .passed: continue
                case .mismatch:
                    guard let snippet = run.chapter.snippets.first(where: { $0.location.line == result.line }),
                          let block = snippet.expectedOutputLocation else { remaining = true; continue }
                    outputs.append((block.line, result.actual))
                    console.print("\(run.chapter.path):\(block.line): blessed: the output block now holds what the snippet at line \(result.line) printed")
                default:
                    remaining = true
                }
            }
            guard !outputs.isEmpty else { continue }
            let text = try workbook.read(run.chapter.path)
            try AtomicFile.write(OutputBlessing.bless(text, outputs: outputs), to: workbook.url(run.chapter.path))
        }
        if remaining { console.printError("note: snippets that crashed, did not compile or timed out are left as they are") }
        return remaining ? .failure : .success
    }

    // MARK: A learner's file

    private static func runScript(_ path: String, options: SnippetRunner.Options, reference: Bool, in context: CommandContext) throws -> ExitCode {
        let console = context.console
        let file = context.resolve(path)
        guard let data = FileManager.default.contents(atPath: file.path) else {
            console.error("no such file", at: path)
            return .usage
        }
        let workbook = try context.workbook()
        if reference, workbook.isRelease {
            console.printError("This is a student release: the model answers are not in it (your teacher has them); run it without --reference to import your own exercises.")
            return .inRelease
        }
        let runner = SnippetRunner(root: workbook.root, toolchain: try context.toolchain(for: workbook), options: options)
        let text = String(decoding: data, as: UTF8.self)
        let chapterModules = runner.importedModules(of: text).filter { $0.hasPrefix("Chapter") }
        var sources = LearnerModules.Sources()
        if !reference, !chapterModules.isEmpty {
            sources = try LearnerModules(workbook: workbook).compilingSources(for: chapterModules, runner: runner)
        }
        for name in chapterModules {
            if let folder = sources.folders[name] {
                let starters = sources.startersUsed[name].map { "; starters for \($0.joined(separator: ", ")), which you have not written" } ?? ""
                console.printError("\(path): note: \(name) is built from your files in \(folder)\(starters)\(workbook.isRelease ? "" : " (--reference for the model answers)")")
                for left in sources.leftOut[name] ?? [] {
                    let standIn = left.standIn == .starter
                        ? "the starter's declarations are used in its place"
                        : "none of its declarations can be imported"
                    console.printError("\(path): note: left out \(left.file) (exercise \(left.exercise)): it \(left.reason); \(standIn)")
                }
            } else {
                console.printError("\(path): note: \(name) is the model answer\(reference ? " (--reference)" : "")")
            }
        }
        let execution = try runner.runScript(text, displayPath: path, moduleSources: sources.modules)
        if execution.ending == .didNotCompile {
            // The learner's module's diagnostics name its files by absolute path: shorten them.
            let root = workbook.root.standardizedFileURL.path + "/"
            console.printError(execution.diagnostics.replacingOccurrences(of: root, with: ""))
            return .failure
        }
        console.write(execution.standardOutput)
        if !execution.errorText.isEmpty { console.printError(execution.errorText) }
        if execution.outputTruncated { console.printError("\(path): note: its output was cut off at the output limit") }
        switch execution.ending {
        case .exited(0): return .success
        case .exited(let code): console.printError("\(path): the program exited with status \(code)")
        case .signaled(let signal): console.printError("\(path): the program was \(ChildProcess.Termination.signaled(signal))")
        case .timedOut(let seconds): console.printError("\(path): the program ran past \(seconds.formatted()) s and was stopped (--timeout S)")
        case .didNotCompile: break
        }
        return .failure
    }

    // MARK: Text

    static func printChapter(_ run: SnippetRunner.ChapterRun, on console: Console) {
        for result in run.results {
            printResult(result, on: console)
        }
        let failed = run.failures.count
        let cache = run.cached > 0 ? ", \(run.cached) from cache" : ""
        let fallback = run.fellBack ? "; the merged build failed, so snippets were compiled one by one" : ""
        let counts = run.results.isEmpty ? "no snippets"
            : failed == 0 ? console.styled("all \(run.results.count) passed", .green)
            : console.styled("\(failed) of \(run.results.count) failed", .red)
        console.print(console.styled("chapter \(run.chapter.number): ", .bold) + counts
            + console.styled(" (\(String(format: "%.2f", run.seconds)) s, \(run.builds) build\(run.builds == 1 ? "" : "s")\(cache)\(fallback))", .dim))
    }

    static func printSummary(_ runs: [SnippetRunner.ChapterRun], on console: Console) {
        let total = runs.map(\.results.count).reduce(0, +)
        let failed = runs.map(\.failures.count).reduce(0, +)
        if runs.count > 1 || total == 0 {
            console.print(failed == 0
                ? "\(total) snippet\(total == 1 ? "" : "s") in \(runs.count) chapter\(runs.count == 1 ? "" : "s"): " + console.styled("all passed", .green)
                : "\(total) snippets in \(runs.count) chapters: " + console.styled("\(failed) failed", .red))
        }
    }

    private static func printResult(_ result: SnippetResult, on console: Console) {
        let place = "\(result.chapterPath):\(result.line)"
        switch result.status {
        case .passed:
            console.print("\(place): " + console.styled("ok", .green))
        case .mismatch:
            console.print("\(place): " + console.styled("output differs", .red) + ": \(result.message)")
            guard result.expected != nil else { return }  // a prediction's answer, kept back
            let diff = LineDiff.unified(
                from: OutputComparison.normalized(result.expected ?? ""), to: OutputComparison.normalized(result.actual),
                oldName: "expected (the output block)", newName: "actual")
            for line in diff.split(separator: "\n", omittingEmptySubsequences: false) {
                let style: Style? = line.hasPrefix("-") && !line.hasPrefix("---") ? .red
                    : line.hasPrefix("+") && !line.hasPrefix("+++") ? .green : line.hasPrefix("@@") ? .cyan : nil
                console.print("    " + (style.map { console.styled(String(line), $0) } ?? String(line)))
            }
        case .compileError:
            console.print("\(place): " + console.styled("does not compile", .red))
            console.printError(result.message)
        case .failed, .timedOut:
            let label = result.status == .timedOut ? "timed out" : "failed"
            console.print("\(place): " + console.styled(label, .red) + ": " + result.message.replacingOccurrences(of: "\n", with: "\n    "))
            if !result.actual.isEmpty {
                console.print("    it printed:")
                for line in OutputComparison.normalized(result.actual).split(separator: "\n", omittingEmptySubsequences: false).prefix(20) {
                    console.print("    | \(line)")
                }
            }
        }
    }

    // MARK: JSON

    struct Report: Encodable {
        var chapters: [ChapterReport]
        var passed: Int
        var failed: Int
    }

    struct ChapterReport: Encodable {
        var number: Int
        var file: String
        var snippets: [SnippetResult]
    }

    static func json(_ runs: [SnippetRunner.ChapterRun]) throws -> String {
        let report = Report(
            chapters: runs.map { ChapterReport(number: $0.chapter.number, file: $0.chapter.path, snippets: $0.results) },
            passed: runs.map { $0.results.count - $0.failures.count }.reduce(0, +),
            failed: runs.map(\.failures.count).reduce(0, +))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(report), as: UTF8.self)
    }
}
