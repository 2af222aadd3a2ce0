import Foundation
import WorkbookGrading
import WorkbookMutation
import WorkbookModel
import WorkbookSystem
import WorkbookToolchain

/// The repair probe's workbook, one per chapter under `.workbook/cache/locate/`: links to
/// the real chapters, sources and tests (as `mutate`'s workers have), the caches that are
/// keyed by content alone shared with the real workbook, and a workspace holding a copy
/// of the learner's files of the chapter, the probed one replaced by its schema. Kept
/// between checks, so the chapter module is compiled again only for what changed.
struct ProbeBench {
    static let sharedCaches = [CacheFolder.testObjects, .modules, .runners, .recipes, .runnerMain].map(\.rawValue)
    /// The type checker's limit in a schema's compile (`Grader.Options.solverScopeLimit`),
    /// measured on 2.5's schemas with `keys.last` (`Dictionary.Keys` has no `last`) among
    /// four choices. With `flatMap` on the line: refused as too complex after 11 s at the
    /// compiler's own limit, 4.9 s at 400,000 scopes, 2.5 s at 200,000. With `||` in the
    /// closure, `keys.last` is named as the error (its choice alone dropped) from about
    /// 175,000 scopes up; below, the whole line was "too complex", every choice dropped,
    /// the repair among them (one planted mistake fewer named at 100,000). Twice that.
    static let solverScopeLimit = 400_000

    let workbook: Workbook
    let chapter: Chapter
    let lock: FolderLock

    /// Made and locked (a second check of the same chapter waits for this one's probe).
    init(real: Workbook, chapter original: Chapter) throws {
        let manager = FileManager.default
        let root = real.cacheFolder.appendingPathComponent("locate").appendingPathComponent(original.stem)
        try manager.createDirectory(at: root, withIntermediateDirectories: true)
        lock = try FolderLock(root.appendingPathComponent("lock"))
        let cache = try LinkedWorkbook.lay(at: root, over: real, sharing: Self.sharedCaches)
        let version = CacheFolder.toolchainVersion.url(in: cache)
        if !manager.fileExists(atPath: version.path) {
            try? manager.copyItem(at: CacheFolder.toolchainVersion.url(in: real.cacheFolder), to: version)
        }
        workbook = Workbook(course: real.course.relocated(to: root), exercisesFolder: WorkbookLayout.workspace(in: root))
        chapter = try workbook.chapter("\(original.number)")
        // The learner's files as they are; an unchanged copy is not written again, so
        // the incremental build sees no change in it.
        for exercise in original.exercises {
            guard let from = real.learnerFile(for: exercise, in: original), let to = workbook.learnerFile(for: exercise, in: chapter) else { continue }
            if let data = manager.contents(atPath: from.path) {
                try write(data, to: to)
            } else if manager.fileExists(atPath: to.path) {
                try manager.removeItem(at: to)
            }
        }
    }

    /// Writes `data` to `file` unless it already holds it.
    func write(_ data: Data, to file: URL) throws {
        if FileManager.default.contents(atPath: file.path) == data { return }
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try AtomicFile.write(data, to: file)
    }

    /// Exercise `id` graded on the bench by its own tests, with mutant `mutant` switched on.
    func grade(_ id: ExerciseID, mutant: Int, toolchain: SwiftToolchain, timeout: Double,
               log: (@Sendable (String) -> Void)? = nil) throws -> ExerciseGrade? {
        var grader = grader(mutant: mutant, toolchain: toolchain, timeout: timeout, parallelism: 1)
        if let log {
            let started = Date()
            grader.events = { event in log(String(format: "%.3f s", Date().timeIntervalSince(started)) + " mutant \(mutant): \(event)") }
        }
        return try grader.grade(chapter, only: id).exercises.first { $0.id == id }
    }

    /// Exercises `ids` graded on the bench in one build, with nothing switched on, their
    /// suites `lanes` side by side: a compile round of the probe.
    func gradeUnswitched(_ ids: [ExerciseID], toolchain: SwiftToolchain, timeout: Double, lanes: Int) throws -> [ExerciseID: ExerciseGrade] {
        let grade = try grader(mutant: 0, toolchain: toolchain, timeout: timeout, parallelism: lanes).grade(chapter, tested: Set(ids))
        return Dictionary(grade.exercises.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    private func grader(mutant: Int, toolchain: SwiftToolchain, timeout: Double, parallelism: Int) -> Grader {
        var options = Grader.Options()
        options.timeout = timeout
        options.parallelism = parallelism
        options.useCache = false
        options.wantedTestsOnly = true
        options.wholeModuleDiagnostics = false
        options.learnerNotes = false
        options.testEnvironment = [MutantSchema.environmentKey: "\(mutant)"]
        options.solverScopeLimit = Self.solverScopeLimit
        return Grader(workbook: workbook, toolchain: toolchain, options: options)
    }
}
