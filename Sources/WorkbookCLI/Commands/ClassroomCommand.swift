import Foundation
import WorkbookKit
import WorkbookSystem

/// `workbook classroom`: writes the GitHub Classroom autograding workflow.
enum ClassroomCommand: Command {
    static let spec = CommandSpec(
        name: "classroom", summary: "write .github/workflows/classroom.yml for GitHub Classroom (teachers)",
        arguments: "[N…]", argumentCount: 0...99,
        options: [
            .value("out", "FILE", "where to write it (default: .github/workflows/classroom.yml in the workbook)"),
            .value("points", "P", "points for each exercise whose chapter sets none (default 1)"),
            .value("timeout", "MINUTES", "minutes each exercise's step may take (default 10: a chapter's first also builds its modules)"),
            .flag("force", "replace an existing file"),
        ],
        discussion: """
        One autograding-command-grader step per exercise of the chapters named (default:
        all), each running `workbook check N.M` with its points (the chapter's `Points:`, else
        --points) and time-out, then the autograding-grading-reporter that adds them up. The
        job runs in the official Swift image of the tested toolchain (\(ClassroomWorkflow.image),
        privileged so that bubblewrap can make its sandbox; where it cannot, each step says
        "sandbox: off"), installs cmark and bubblewrap, and builds `workbook` in debug once per
        push, kept with actions/cache. `workbook release` puts this file in the student
        repository; commit it in the assignment's template repository.
        The action scores an exercise all or nothing (max-score on exit 0, else 0). Classroom
        runs the tests the student's repository holds, which the student can change; the grade
        of record is `workbook grade` over the collected repositories, with hidden tests.
        Exit status: 0 when written; 1 when the file exists (use --force); 2 for a usage error.
        """)

    static func run(_ invocation: Invocation, in context: CommandContext) throws -> ExitCode {
        let workbook = try context.workbook()
        let chapters = try invocation.arguments.isEmpty ? workbook.chapters : invocation.arguments.map { try workbook.chapter($0) }
        let points = try positiveInteger(invocation, "points", default: 1)
        let minutes = try positiveInteger(invocation, "timeout", default: 10)
        let file = invocation.value("out").map(context.resolve)
            ?? workbook.root.appendingPathComponent(".github/workflows/classroom.yml")
        try OutputPlace.check(file, workbook: workbook, isFile: true,
                              advice: "write the workflow elsewhere (default: .github/workflows/classroom.yml)")
        if FileManager.default.fileExists(atPath: file.path), !invocation.has("force") {
            context.console.error("the file exists; use --force to replace it", at: workbook.displayPath(file))
            return .failure
        }
        let steps = ClassroomWorkflow.steps(for: chapters, points: points, timeoutMinutes: minutes)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try AtomicFile.write(ClassroomWorkflow.yaml(steps), to: file)
        context.console.print("wrote \(workbook.displayPath(file)): \(steps.count) exercises, \(steps.map(\.points).reduce(0, +)) points")
        return .success
    }

    static func positiveInteger(_ invocation: Invocation, _ name: String, default value: Int) throws(UsageError) -> Int {
        guard let text = invocation.value(name) else { return value }
        guard let number = Int(text), (1...1000).contains(number) else {
            throw .invalidChoice(option: name, value: text, choices: ["a whole number from 1 to 1000"])
        }
        return number
    }
}
