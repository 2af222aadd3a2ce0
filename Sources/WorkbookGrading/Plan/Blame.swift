import Foundation
import WorkbookModel
import WorkbookToolchain

/// Who is to blame for a failed build, and what takes their place: from the compiler's
/// diagnostics and the plan, a new plan. An exercise whose file (or, for the tests'
/// compile, whose tests file) has errors is recorded broken and stood in for, so one
/// broken file never stops the others being graded. No file system, process or compiler.
enum Blame {
    /// The plan after `diagnostics` of the `phase` compile. Its submissions are the same
    /// when nothing new could be blamed: the failure is then not a learner's file's.
    static func apply(_ diagnostics: CompilerDiagnostics, phase: BuildFinding.Phase, to plan: GradingPlan) -> GradingPlan {
        var next = plan
        let files = plan.entries.compactMap { entry -> (ExerciseID, String)? in
            switch phase {
            case .module: return (entry.exercise, standardized(entry.current.submission.file.path))
            case .tests: return entry.testsFile.map { (entry.exercise, standardized($0.path)) }
            }
        }
        let moved = redeclarationCulprits(diagnostics, in: files, plan)
        let failing = Set(diagnostics.filesWithErrors.map(standardized).filter { moved[$0] == nil }
                          + moved.values.flatMap { $0.map(\.path) })
        for (id, path) in files where failing.contains(path) {
            guard let index = next.entries.firstIndex(where: { $0.exercise == id }) else { continue }
            let entry = next.entries[index]
            // `verify`'s starters: a starter that does not compile is that exercise's
            // finding, and its reference stands in so the other starters are still graded
            // (without it, every exercise of the chapter was blamed).
            let verifiedStarter = plan.submissionSet == .starters && entry.starterCompiles
            let origin = entry.current.submission.origin
            let standsIn: Set<Submission.Origin> = !entry.starterCompiles ? [.reference, .leftOut] : [.starter]
            if verifiedStarter ? origin == .reference : standsIn.contains(origin) { continue }
            let finding: BuildFinding
            if let (innocent, name) = moved.keys.sorted().lazy.compactMap({ key in moved[key]!.first { $0.path == path }.map { (key, $0.name) } }).first {
                let line = entry.current.text?.split(separator: "\n", omittingEmptySubsequences: false)
                    .firstIndex { declares(String($0), name) }.map { $0 + 1 }
                finding = .redeclaration(phase, culprit: entry.current.submission, line: line, name: name, declaredBy: innocent,
                                         theirs: diagnostics.entries.filter { standardized($0.path) == innocent })
            } else {
                finding = .diagnostics(phase, diagnostics.entries.filter { standardized($0.path) == path })
            }
            if next.broken[id] == nil { next.broken[id] = finding }
            // Its starter does not compile by design, so the reference stands in (in a
            // release, nothing does); the exercise is graded "does not compile" all the
            // same, and no exercise uses it.
            let preferred = verifiedStarter ? entry.reference : !entry.starterCompiles ? compileStandIn(entry, isRelease: plan.isRelease) : nil
            if let preferred {
                next.entries[index].current = keepingStarterFlag(preferred, of: entry)
            } else if let starter = entry.starter {
                next.entries[index].current = starter
            }
        }
        return next
    }

    /// A file refused before or after it compiled (a `#sourceLocation`, a reach into the
    /// tests, a forbidden construct, an interposed name): recorded with its wording, and
    /// a compile exercise's stand-in, or else its starter, takes its place (the file
    /// stays when nothing can: only the learner's own files are refused).
    static func refuse(_ id: ExerciseID, _ message: String, in plan: GradingPlan) -> GradingPlan {
        guard let index = plan.entries.firstIndex(where: { $0.exercise == id }) else { return plan }
        var next = plan
        next.broken[id] = .worded(message)
        let entry = plan.entries[index]
        if !entry.starterCompiles, let standIn = compileStandIn(entry, isRelease: plan.isRelease) {
            next.entries[index].current = keepingStarterFlag(standIn, of: entry)
        } else if let starter = entry.starter {
            next.entries[index].current = starter
        }
        return next
    }

    /// What takes the place of a compile exercise's file that does not compile: its
    /// reference, in the teacher's workbook; in a student release, which has none, an
    /// empty file (the exercise and its tests left out of the build; lint makes sure no
    /// exercise uses a compile exercise's code, so the others build without it).
    static func compileStandIn(_ entry: GradingPlan.Entry, isRelease: Bool) -> GradingPlan.File? {
        isRelease ? entry.leftOut : entry.reference
    }

    /// A stand-in is graded as what it stands for: "not started" while that was the starter.
    private static func keepingStarterFlag(_ file: GradingPlan.File, of entry: GradingPlan.Entry) -> GradingPlan.File {
        var file = file
        file.submission.isStarter = entry.current.submission.isStarter
        return file
    }

    /// "invalid redeclaration of 'X'" names one of the two files that declare `X`, often the
    /// one that is right (a learner's Ex2 declaring Ex1's `add` had every exercise of the
    /// chapter blamed, measured). The culprit is the file whose exercise's reference does
    /// not declare `X`. By the path of the file the compiler named: the files to blame
    /// instead, with the name.
    private static func redeclarationCulprits(
        _ diagnostics: CompilerDiagnostics, in files: [(ExerciseID, String)], _ plan: GradingPlan
    ) -> [String: [(path: String, name: String)]] {
        var moved: [String: [(path: String, name: String)]] = [:]
        for entry in diagnostics.entries where entry.severity == "error" {
            guard let range = entry.text.range(of: "invalid redeclaration of '"),
                  let end = entry.text[range.upperBound...].firstIndex(of: "'") else { continue }
            let name = String(entry.text[range.upperBound..<end]).split(separator: "(").first.map(String.init) ?? ""
            guard !name.isEmpty else { continue }
            let named = standardized(entry.path)
            var culprits: [(path: String, name: String)] = []
            for (id, path) in files {
                guard let planned = plan.entry(id), let text = planned.current.text, declares(text, name),
                      let reference = planned.reference?.text, !declares(reference, name) else { continue }
                culprits.append((path, name))
            }
            if !culprits.isEmpty, !culprits.contains(where: { $0.path == named }) { moved[named] = culprits }
        }
        return moved
    }

    /// Whether `source` declares `name` (a function, type, property or case).
    static func declares(_ source: String, _ name: String) -> Bool {
        let escaped = NSRegularExpression.escapedPattern(for: name)
        return source.range(of: #"\b(func|struct|class|enum|protocol|actor|typealias|var|let|case)\s+"# + escaped + #"\b"#,
                            options: .regularExpression) != nil
    }

    private static func standardized(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }
}
