import Foundation
import WorkbookRelease
import WorkbookModel

/// `workbook release --out DIR [--chapter N]…`: a student repository without the answers.
enum ReleaseCommand: Command {
    struct Options: ParsableOptions {
        static let out = CommandSpec.Option.value("out", "DIR", "where the release goes: a new or empty folder, or an earlier release (required)")
        static let chapter = CommandSpec.Option.value("chapter", "N", "release chapter N (repeat for several; default: every chapter)")

        var out: URL
        /// The chapters named, in order, as typed; empty for every chapter.
        var chapters: [String]

        init(from given: OptionValues) throws(UsageError) {
            guard let out = given.path(Self.out) else {
                throw .missingOption("\(Self.out.name) \(Self.out.valueName ?? "")", command: ReleaseCommand.spec.name)
            }
            self.out = out
            chapters = given.texts(Self.chapter)
        }
    }

    static let spec = CommandSpec(
        name: "release", summary: "write a student release without the answers, for GitHub Classroom or to hand out (teachers)",
        options: [Options.out, Options.chapter],
        discussion: """
        Writes DIR: a repository a student clones and works in. In it: the chapters as a
        student reads them (each exercise's files paragraph says `Starter:`, linking the
        starter, where yours says `Reference:`), their hints, Diner and Stage, the tool's
        sources (so `make setup` and `workbook check` work), the starters under exercises/,
        tracked by git (the release's .gitignore leaves exercises/ in), the visible tests,
        a README for students (set-up, the loop check/watch/hint/progress/reset, how to
        hand in: git add -A && git commit && git push), the GitHub Classroom workflow
        (.github/workflows/classroom.yml, as `workbook classroom` writes it) and
        workbook-release.json, which marks DIR as a release. Not in it: the reference
        solutions, the prediction answers, the hidden tests (Tests/<Target>/Hidden/), the
        engine's tests and fixtures, the mutants, the authors' scripts.
        Before anything is written, the release is checked: no line of any solution
        region (12 characters or more, not in a starter or a chapter), no prediction
        answer and no hidden test's name may be in any of its files. A leak is an error
        at the secret's line, and nothing is written.
        DIR is written in a scratch folder beside it, then renamed into place. An earlier
        release in DIR is replaced (its .git kept: commit the update and push); any other
        non-empty DIR is refused, and so is a folder of this workbook.
        The teacher's flow: release → git init, commit, push to GitHub and mark it a
        template repository → make it a Classroom assignment's starter code → students
        push their work (each push graded by the workflow) → download the repositories →
        `workbook grade` them here → hand back each feedback page.
        Trust: the Classroom grade runs the tests in the student's repository, which the
        student can change; the grade of record is yours, from `workbook grade` over the
        collected repositories, with the hidden tests. Inside a release, `workbook
        solution` says the teacher has the answers (exit status 3).
        Exit status: 0 when written; 1 when a leak was found or DIR was refused; 2 for a
        usage error (no --out, an unknown chapter).
        """)

    static func run(_ given: Options, in context: CommandContext) throws -> ExitCode {
        let workbook = try context.workbook()
        var chapters: [Chapter] = []
        for text in given.chapters {
            let chapter = try workbook.chapter(text)
            if !chapters.contains(where: { $0.number == chapter.number }) { chapters.append(chapter) }
        }
        let folder = given.out
        try OutputPlace.check(folder, workbook: workbook, advice: "write the release outside the workbook, e.g. --out ../course")
        let manifest = try ReleaseManifest(workbook: workbook, chapters: chapters.isEmpty ? nil : chapters)
        let leaks = try ReleaseAudit(workbook: workbook).leaks(in: manifest)
        if !leaks.isEmpty {
            for leak in leaks { context.console.printError(leak.description) }
            context.console.error("\(leaks.count) secret\(leaks.count == 1 ? "" : "s") would be in the release; nothing was written", at: workbook.displayPath(folder))
            return .failure
        }
        let written = try ReleaseWriter.write(manifest, to: folder)
        let exercises = manifest.chapters.flatMap(\.exercises).count
        context.console.print("wrote \(workbook.displayPath(folder))\(written.replacedEarlier ? " (replacing the earlier release\(written.keptGit ? "; its .git kept" : ""))" : ""): "
            + "chapters \(manifest.chapters.map { "\($0.number)" }.joined(separator: ", ")), \(exercises) exercises, \(written.files) files; "
            + "checked: no solution line, prediction answer or hidden test name in it")
        return .success
    }
}
