import Foundation
import WorkbookClassroom
import WorkbookSystem
import WorkbookModel

/// `workbook classroom`: writes the GitHub Classroom autograding workflow.
enum ClassroomCommand: Command {
    struct Options: ParsableOptions {
        static let out = CommandSpec.Option.value("out", "FILE", "where to write it (default: .github/workflows/classroom.yml in the workbook)")
        static let points = CommandSpec.Option.count("points", "P", in: 1...1000, "points for each exercise whose chapter sets none (default 1)")
        static let timeout = CommandSpec.Option.count(
            "timeout", "MINUTES", in: 1...1000, "minutes each exercise's step may take (default 10: a chapter's first also builds its modules)")
        static let force = CommandSpec.Option.flag("force", "replace an existing file")
        static let grading = CommandSpec.Option.count(
            "grading", "N", in: 1...GradingShard.most, "write instead the teacher's grading workflow: the class graded by N jobs (a matrix), then merged")

        /// The chapters named; empty for all.
        var chapters: [String]
        var out: URL?
        var points: Int
        var minutes: Int
        var force: Bool
        /// `--grading N`: the grading repository's workflow, N shards.
        var grading: Int?

        init(from given: OptionValues) throws(UsageError) {
            chapters = given.arguments
            grading = try given.count(Self.grading)
            if grading != nil {
                // Which chapter, and each exercise's time limit, are the grading run's inputs.
                for option in [Self.points, Self.timeout] where given.text(option) != nil {
                    throw .notTogether(option: option.name, other: "grading", because: "the grading workflow grades with the chapters' own points and `grade`'s time limit")
                }
                if !chapters.isEmpty {
                    throw .notTogether(option: "grading", other: "chapters named", because: "the chapter is an input of the workflow's run (empty for all)")
                }
            }
            points = try given.count(Self.points, default: 1)
            minutes = try given.count(Self.timeout, default: 10)
            out = given.path(Self.out)
            force = given.flag(Self.force)
        }
    }

    static let spec = CommandSpec(
        name: "classroom", summary: "write .github/workflows/classroom.yml for GitHub Classroom (teachers)",
        arguments: "[N…]", argumentCount: 0...99,
        options: [Options.out, Options.points, Options.timeout, Options.force, Options.grading],
        discussion: """
        One step per exercise of the chapters named (default: all), each running
        `workbook check N.M --format classroom --points P` (P: the chapter's `Points:`, else
        --points) with its time-out, which writes the step's `result` itself: the points
        `workbook grade` gives for the visible tests (all of P for a pass; for a failure, P
        times the share of passing tests among those the untouched starter fails; none for
        code no test could judge). Then autograding-grading-reporter adds up the steps'
        results into the Points Classroom records. The job runs in the official Swift image
        of the tested toolchain (\(ClassroomWorkflow.image), privileged so that bubblewrap
        can make its sandbox; where it cannot, each step says "sandbox: off") and installs
        cmark and bubblewrap. The tool is built in debug once per repository: its binary is
        cached (actions/cache, keyed by a hash of Package.swift and the tool's Sources/
        targets) and restored on later pushes without compiling; the compiled chapter
        modules (.workbook/cache) are cached apart, keyed by the exercises' sources, so a
        push compiles again only what it changed. `workbook release` puts this file in the
        student repository; commit it in the assignment's template repository.
        Classroom runs the tests the student's repository holds, which the student can
        change, and not the hidden tests; the grade of record is `workbook grade` over the
        collected repositories, with them.
        With --grading N, writes instead .github/workflows/grading.yml for the teacher's
        own grading repository (this workbook, with its references and hidden tests, and
        the submissions in a folder): run from the Actions tab, one job builds the tool
        (cached as above), N jobs each run `workbook grade SUBMISSIONS --shard I/N` (a
        matrix; each shard's grading cache kept between runs) and upload their shard.json,
        and a last job runs `workbook grade shards --merge` and uploads the gradebook
        folder as the `gradebook` artifact. Its inputs: the submissions folder, a chapter,
        a deadline and a roster (docs/release.md says how long a class takes).
        Exit status: 0 when written; 1 when the file exists (use --force); 2 for a usage error.
        """)

    static func run(_ given: Options, in context: CommandContext) throws -> ExitCode {
        let workbook = try context.workbook()
        let chapters = try given.chapters.isEmpty ? workbook.chapters : given.chapters.map { try workbook.chapter($0) }
        let points = given.points
        let minutes = given.minutes
        let file = given.out
            ?? workbook.root.appendingPathComponent(given.grading == nil ? ".github/workflows/classroom.yml" : GradingWorkflow.defaultPath)
        try OutputPlace.check(file, workbook: workbook, isFile: true,
                              advice: "write the workflow elsewhere (default: .github/workflows/classroom.yml)")
        if FileManager.default.fileExists(atPath: file.path), !given.force {
            context.console.error("the file exists; use --force to replace it", at: workbook.displayPath(file))
            return .failure
        }
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        if let shards = given.grading {
            try AtomicFile.write(GradingWorkflow.yaml(shards: shards), to: file)
            context.console.print("wrote \(workbook.displayPath(file)): the class graded in \(shards) shard\(shards == 1 ? "" : "s"), then merged")
            return .success
        }
        let steps = ClassroomWorkflow.steps(for: chapters, points: points, timeoutMinutes: minutes)
        try AtomicFile.write(ClassroomWorkflow.yaml(steps), to: file)
        context.console.print("wrote \(workbook.displayPath(file)): \(steps.count) exercises, \(steps.map(\.points).reduce(0, +)) points")
        return .success
    }
}
