import Foundation
import WorkbookGrading
import WorkbookModel
import WorkbookSystem
import WorkbookToolchain

/// `workbook verify [N]`: every starter fails, every reference passes.
enum VerifyCommand: Command {
    struct Options: ParsableOptions {
        static let timeout = GradingContext.timeoutOption("seconds each exercise's tests may run (default 10)")
        static let format = OutputFormat.option([.text, .json], "text (default) or json (one object on standard output)")

        /// The chapter to verify; nil for every chapter with exercises.
        var chapter: String?
        var grader: Grader.Options
        var format: OutputFormat

        init(from given: OptionValues) throws(UsageError) {
            chapter = given.arguments.first
            grader = try GradingContext.graderOptions(given, timeout: Self.timeout, fresh: nil)
            format = given.choice(Self.format, default: .text)
        }
    }

    static let spec = CommandSpec(
        name: "verify", summary: "prove every starter fails and every reference passes",
        arguments: "[N]", argumentCount: 0...1,
        options: [Options.timeout, Options.format],
        discussion: """
        For each exercise of chapter N (or of every chapter with exercises), grades the
        starter (it must compile and fail) and the reference (it must pass). Names each
        exercise that breaks the rule as chapter:line: error: … on standard error.
        With --format json, one object on standard output instead (each chapter's problems).
        In a student release (`workbook release`), which has no references, only the
        starters are proved.
        Exit status: 0 when every exercise keeps the rule, 1 otherwise, 2 for an unknown chapter.
        """)

    static func run(_ given: Options, in context: CommandContext) throws -> ExitCode {
        let console = context.console
        let options = given.grader
        let workbook = try context.workbook()
        let chapters = try given.chapter.map { [try workbook.chapter($0)] }
            ?? workbook.chapters.filter { !$0.exercises.isEmpty }
        let toolchain = try context.toolchain(for: workbook)
        // Lint first: a wrong exercise number or a missing hint is a finding here too.
        let swift = URL(fileURLWithPath: toolchain.swiftc).deletingLastPathComponent().appendingPathComponent("swift").path
        let lint = (Linter(workbook: workbook).run() + PackageCheck(workbook: workbook, swift: swift).findings()).sorted()
        for finding in lint { console.printError(finding.description) }
        if !lint.isEmpty, given.format != .json {
            console.print("lint: " + console.styled("\(lint.count) problem\(lint.count == 1 ? "" : "s")", .red) + " (see `workbook lint`)")
        }
        var verifier = Verifier(workbook: workbook, toolchain: toolchain, options: options)
        // A cold verify compiles for half a minute: say what, on a terminal.
        let line = ProgressLine(console: console, enabled: console.interactive && given.format != .json)
        verifier.events = { line.update($0.progressText) }
        defer { line.finish() }
        var broken = 0, checked = 0
        let json = given.format == .json
        var results: [(chapter: Chapter, findings: [Verifier.Finding])] = []
        // Two chapters at a time on two processors: a chapter's verify keeps about one busy
        // (94 s of wall for 97 s of CPU, all five chapters one after another, in CI).
        // Reported in chapter order once all are done.
        let lanes = verifier
        let verified = try BlockingLanes.map(chapters, width: BlockingLanes.processors) { chapter in
            try lanes.verify(chapter)
        }
        for (chapter, findings) in zip(chapters, verified) {
            results.append((chapter, findings))
            if json { continue }
            checked += chapter.exercises.count
            broken += Set(findings.map(\.exercise)).count
            line.clear()
            for finding in findings { console.printError(finding.description) }
            let verdict = findings.isEmpty ? console.styled("ok", .green) : console.styled("\(findings.count) problem\(findings.count == 1 ? "" : "s")", .red)
            console.print("chapter \(chapter.number): \(chapter.exercises.count) exercises: \(verdict)")
        }
        if json {
            console.print(JSONOutput.verify(results))
            return results.allSatisfy(\.findings.isEmpty) && lint.isEmpty ? .success : .failure
        }
        console.print("\(checked - broken) of \(checked) exercises keep the rule "
            + (workbook.isRelease ? "(starter fails; this student release has no references to pass)" : "(starter fails, reference passes)"))
        return broken == 0 && lint.isEmpty ? .success : .failure
    }
}
