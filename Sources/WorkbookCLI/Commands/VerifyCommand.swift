import Foundation
import WorkbookKit

/// `workbook verify [N]`: every starter fails, every reference passes.
enum VerifyCommand: Command {
    static let spec = CommandSpec(
        name: "verify", summary: "prove every starter fails and every reference passes",
        arguments: "[N]", argumentCount: 0...1,
        options: [.value("timeout", "S", "seconds each exercise's tests may run (default 10)")],
        discussion: """
        For each exercise of chapter N (or of every chapter with exercises), grades the
        starter (it must compile and fail) and the reference (it must pass). Names each
        exercise that breaks the rule as chapter:line: error: … on standard error.
        Exit status: 0 when every exercise keeps the rule, 1 otherwise, 2 for an unknown chapter.
        """)

    static func run(_ invocation: Invocation, in context: CommandContext) throws -> ExitCode {
        let console = context.console
        guard let options = GradingContext.options(invocation, console: console) else { return .usage }
        let workbook = try context.workbook()
        let chapters = try invocation.arguments.first.map { [try workbook.chapter($0)] }
            ?? workbook.chapters.filter { !$0.exercises.isEmpty }
        let toolchain = try SwiftToolchain.locate(environment: context.environment, cacheFolder: workbook.cacheFolder)
        // Lint first: a wrong exercise number or a missing hint is a finding here too.
        let swift = URL(fileURLWithPath: toolchain.swiftc).deletingLastPathComponent().appendingPathComponent("swift").path
        let lint = (Linter(workbook: workbook).run() + PackageCheck(workbook: workbook, swift: swift).findings()).sorted()
        for finding in lint { console.printError(finding.description) }
        if !lint.isEmpty { console.print("lint: " + console.styled("\(lint.count) problem\(lint.count == 1 ? "" : "s")", .red) + " (see `workbook lint`)") }
        let verifier = Verifier(grader: Grader(workbook: workbook, toolchain: toolchain, options: options))
        var broken = 0, checked = 0
        for chapter in chapters {
            let findings = try verifier.verify(chapter)
            checked += chapter.exercises.count
            broken += Set(findings.map(\.exercise)).count
            for finding in findings { console.printError(finding.description) }
            let verdict = findings.isEmpty ? console.styled("ok", .green) : console.styled("\(findings.count) problem\(findings.count == 1 ? "" : "s")", .red)
            console.print("chapter \(chapter.number): \(chapter.exercises.count) exercises: \(verdict)")
        }
        console.print("\(checked - broken) of \(checked) exercises keep the rule (starter fails, reference passes)")
        return broken == 0 && lint.isEmpty ? .success : .failure
    }
}
