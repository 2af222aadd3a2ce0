import Foundation
import WorkbookModel
import WorkbookSystem
import WorkbookToolchain

/// A compile exercise's starter does not compile, by design (`verify` proves it), so
/// while the learner's file is still that starter the first build of every check
/// failed on it and a second one ran without it: chapter 3's re-check after an edit
/// took two module compiles, 0.64 s and 0.53 s (measured). Once its diagnostics are
/// known, its reference stands in from the start and they are reported as before.
/// An untouched starter is graded "not started" whatever it does, and no exercise uses
/// a compile exercise's code, so the other exercises' grades do not change.
struct CompileStarterMemo {
    let toolchain: SwiftToolchain
    let cache: URL
    let wording: BuildFindingWording
    /// What the starters compile with (`moduleInputs(folder:dependencies:)`).
    let moduleInputs: String

    /// The plan with the remembered starters stood in for, and which they were.
    func standIn(_ plan: GradingPlan) -> (GradingPlan, Set<ExerciseID>) {
        guard plan.submissionSet == .workspace else { return (plan, []) }
        var next = plan
        var replaced: Set<ExerciseID> = []
        for index in next.entries.indices where next.entries[index].current.submission.isStarter && next.broken[next.entries[index].exercise] == nil {
            let entry = next.entries[index]
            guard !entry.starterCompiles,
                  let memo = file(entry.exercise, entry.current.submission.file),
                  let known = FileManager.default.contents(atPath: memo.path),
                  var standIn = Blame.compileStandIn(entry, isRelease: plan.isRelease) else { continue }
            standIn.submission.isStarter = true
            next.broken[entry.exercise] = .worded(String(decoding: known, as: UTF8.self))
            next.entries[index].current = standIn
            CachePruner.markUsed(memo)
            replaced.insert(entry.exercise)
        }
        return (next, replaced)
    }

    /// Keeps what an untouched compile starter's failed build said (`findings`, after
    /// `before` failed), for the next check.
    func remember(_ before: GradingPlan, findings: [ExerciseID: BuildFinding], except remembered: Set<ExerciseID>) {
        guard before.submissionSet == .workspace else { return }
        for entry in before.entries where !remembered.contains(entry.exercise) {
            let file = entry.current.submission.file
            guard let finding = findings[entry.exercise], !entry.starterCompiles,
                  let starter = entry.starter?.text,
                  (try? String(contentsOf: file, encoding: .utf8)) == starter,
                  let memo = self.file(entry.exercise, file) else { continue }
            try? AtomicFile.write(wording.message(finding), to: memo)
        }
    }

    /// Where an untouched compile exercise's starter diagnostics are kept: by its path and
    /// text, the toolchain, and what the starter compiles with (`moduleInputs`), so a
    /// changed reference, support file, Diner or Stage is never answered from the memo.
    private func file(_ exercise: ExerciseID, _ file: URL) -> URL? {
        guard let text = FileManager.default.contents(atPath: file.path) else { return nil }
        var hash = ContentHash()
        for part in [toolchain.version, exercise.description, file.standardizedFileURL.path, moduleInputs] { hash.combine(part) }
        hash.combine(text)
        return CacheFolder.compileStarters.url(in: cache).appendingPathComponent("\(hash.hex).txt")
    }

    /// The module's own sources (references and support files, by name and content) and
    /// its dependencies' keys.
    static func moduleInputs(folder: URL, dependencies: [ModuleBuilder.BuiltModule]) -> String {
        var hash = ContentHash()
        for dependency in dependencies { hash.combine(dependency.key) }
        for source in ModuleBuilder.sources(in: folder) {
            hash.combine(source.lastPathComponent)
            hash.combine(FileManager.default.contents(atPath: source.path) ?? Data())
        }
        return hash.hex
    }
}
