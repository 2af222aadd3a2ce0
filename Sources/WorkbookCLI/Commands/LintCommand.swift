import Foundation
import WorkbookModel
import WorkbookToolchain

/// `workbook lint`: every chapter against the format and the package.
enum LintCommand: Command {
    struct Options: ParsableOptions {
        static let format = OutputFormat.option([.text, .json], "text (default) or json (one object on standard output)")

        var format: OutputFormat

        init(from given: OptionValues) {
            format = given.choice(Self.format, default: .text)
        }
    }

    static let spec = CommandSpec(
        name: "lint",
        summary: "check the chapters against the format and the package",
        options: [Options.format],
        discussion: """
        Checks every chapter: file names and numbers, titles, UTF-8, snippet attributes and
        output blocks, exercise ids, hints, and the reference and tests files each exercise
        names (they exist, their solution markers are well formed, no marked file is orphaned),
        and the package: every chapter's module and test target declared in Package.swift (as
        SwiftPM reads it), no Chapter target without a chapter.
        Each finding is printed as path:line:column: error: message on standard error.
        With --format json, one object on standard output instead: the counts and every
        problem with its path, line, column, severity and message.
        Exit status: 0 when clean, 1 with findings.
        """
    )

    static func run(_ options: Options, in context: CommandContext) throws -> ExitCode {
        let workbook = try context.workbook()
        var findings = Linter(workbook: workbook).run()
        // The package too, when a toolchain is here to read it.
        // (Only for a real manifest: locating the toolchain runs `swiftc --version`.)
        if (try? workbook.read(WorkbookLayout.manifest))?.contains("Package(") == true,
           let toolchain = try? context.toolchain(for: workbook) {
            let swift = URL(fileURLWithPath: toolchain.swiftc).deletingLastPathComponent().appendingPathComponent("swift").path
            findings = (findings + PackageCheck(workbook: workbook, swift: swift).findings()).sorted()
        }
        if options.format == .json {
            context.console.print(JSONOutput.lint(workbook, findings: findings))
            return findings.isEmpty ? .success : .failure
        }
        for finding in findings {
            context.console.printError(finding.description)
        }
        let summary = "\(workbook.chapters.count) chapters, "
            + "\(workbook.chapters.map(\.exercises.count).reduce(0, +)) exercises, "
            + "\(workbook.chapters.map(\.snippets.count).reduce(0, +)) snippets: "
        if findings.isEmpty {
            context.console.print(summary + context.console.styled("no problems", .green))
            return .success
        }
        context.console.print(summary + context.console.styled("\(findings.count) problem\(findings.count == 1 ? "" : "s")", .red))
        return .failure
    }
}
