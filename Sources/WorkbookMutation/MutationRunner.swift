import Foundation
import Synchronization
import WorkbookModel
import WorkbookSystem
import WorkbookToolchain
import WorkbookGrading

/// How far `mutate` has come in a chapter: `graded` of the `of` mutants it grades there.
public struct MutationProgress: Sendable, Equatable {
    public var chapter: Int
    public var graded: Int
    public var of: Int

    public init(chapter: Int, graded: Int, of: Int) {
        self.chapter = chapter
        self.graded = graded
        self.of = of
    }
}

/// `workbook mutate`: grades every mutant of a chapter's reference solutions with the
/// chapter's own tests, through the same `Grader` as `check`.
///
/// Each worker has a workbook of its own under `.workbook/cache/mutate/workers/` — links
/// to the real chapters, sources and tests, and a workspace holding a copy of every
/// reference file as the "learner's" files — so its builds and caches never wait on
/// another's lock. A mutant is graded by writing it over its exercise's copy (the other
/// exercises keep their references, since exercises may use each other's code),
/// grading that one exercise, and restoring the copy. Mutants go to workers by their
/// position, and each result is cached by the content of everything it depends on.
public struct MutationRunner: Sendable {
    public struct Options: Sendable {
        /// Seconds an exercise's tests may run with a mutant in place. Shorter than
        /// `check`'s: a mutant that makes a test wait for a callback that never comes
        /// is caught by the limit just as well.
        public var timeout: Double = 5
        /// Workers side by side (each grades one mutant at a time).
        public var workers = max(1, BlockingLanes.processors)
        /// When set, a deterministic sample of at most this many mutants per chapter.
        public var sample: Int?
        /// The sample's seed: the same seed picks the same mutants.
        public var seed: UInt64 = 17
        /// Reuse results whose inputs are unchanged.
        public var useCache = true
        /// When set, only the operators of these names make mutants (`--operator`).
        public var operators: Set<String>?

        public init() {}
    }

    public let workbook: Workbook
    public let toolchain: SwiftToolchain
    public var options: Options
    /// Told after each mutant is graded, for a progress line (the command line words it).
    public var progress: (@Sendable (MutationProgress) -> Void)?

    public init(workbook: Workbook, toolchain: SwiftToolchain, options: Options = Options()) {
        self.workbook = workbook
        self.toolchain = toolchain
        self.options = options
    }

    /// The exercises of `chapter` that can be mutated (they have a reference and tests).
    func exercises(of chapter: Chapter, only: ExerciseID?) -> [Exercise] {
        chapter.exercises.filter { $0.referenceFile != nil && $0.testsFile != nil && (only == nil || $0.id == only) }
    }

    /// Every mutant of `chapter` (or of one exercise), before any sampling.
    public func mutants(of chapter: Chapter, only: ExerciseID? = nil) throws -> [Mutant] {
        var all: [Mutant] = []
        for exercise in exercises(of: chapter, only: only) {
            let path = exercise.referenceFile!
            let generator = MutantGenerator(operators: MutationOperator.all.filter { options.operators?.contains($0.name) ?? true })
            all += try generator.mutants(of: try workbook.read(path), path: path, exercise: exercise.id.description)
        }
        return all
    }

    /// The mutants to grade: all of them, or the sample `options.sample` asks for.
    public func selected(_ mutants: [Mutant]) -> [Mutant] {
        Self.sample(mutants, size: options.sample, seed: options.seed)
    }

    /// At most `size` of `items`, in their order, picked by `seed` alone.
    public static func sample<T>(_ items: [T], size: Int?, seed: UInt64) -> [T] {
        guard let size, size < items.count else { return items }
        var generator = SplitMix64(seed: seed)
        var indices = Array(items.indices)
        // Fisher–Yates with our own generator: the same seed, the same sample, anywhere.
        for index in stride(from: indices.count - 1, to: 0, by: -1) {
            let other = Int(generator.next() % UInt64(index + 1))
            indices.swapAt(index, other)
        }
        return indices.prefix(size).sorted().map { items[$0] }
    }

    /// Grades the mutants of `chapter` (or of one exercise) and reports what became of each.
    public func run(_ chapter: Chapter, only: ExerciseID? = nil) throws -> ChapterMutationReport {
        try run([chapter], only: only).reports[0]
    }

    /// The reports of a `run` of several chapters, in their order, and when each chapter's
    /// last mutant was graded (seconds from the start; 0 when all were known).
    public struct Run: Sendable {
        public var reports: [ChapterMutationReport]
        public var seconds: [Double]
    }

    /// Grades the mutants of every chapter in `chapters` from one pool of workers: the
    /// chapters' mutants are dealt out in turn (the first of each chapter, then the second
    /// of each…), so no worker waits while another grades a chapter's baseline or its last
    /// mutant. Chapter after chapter, one core idled through both: `make test`'s mutate step
    /// used 1.55 of the machine's 2 cores.
    public func run(_ chapters: [Chapter], only: ExerciseID? = nil) throws -> Run {
        let started = Date()
        let resultsFolder = CacheFolder.mutateResults(in: workbook.cacheFolder)
        var plans: [ChapterPlan] = []
        for chapter in chapters {
            let accepted = try AcceptedMutants.load(AcceptedMutants.file(for: chapter, in: workbook),
                                                    displayPath: workbook.displayPath(AcceptedMutants.file(for: chapter, in: workbook)))
            let all = try mutants(of: chapter, only: only)
            let chosen = selected(all)
            let inputs = try inputsKey(chapter)
            var plan = ChapterPlan(chapter: chapter, accepted: accepted, all: all, chosen: chosen,
                                   keys: [], outcomes: [MutantOutcome?](repeating: nil, count: chosen.count))
            for (index, mutant) in chosen.enumerated() {
                var hash = ContentHash()
                hash.combine(inputs)
                hash.combine(mutant.exercise)
                hash.combine(mutant.file)
                hash.combine(mutant.apply(to: try workbook.read(mutant.file)))
                plan.keys.append(hash.hex)
                if options.useCache, let data = FileManager.default.contents(atPath: resultsFolder.appendingPathComponent("\(hash.hex).json").path),
                   let known = try? JSONDecoder().decode(MutantOutcome.self, from: data) {
                    plan.outcomes[index] = known
                }
            }
            plans.append(plan)
        }
        let pendingByChapter = plans.map { plan in plan.chosen.indices.filter { plan.outcomes[$0] == nil } }
        let tasks = Self.dealt(pendingByChapter)
        var seconds = [Double](repeating: 0, count: plans.count)
        if !tasks.isEmpty {
            let workers = max(1, min(options.workers, tasks.count))
            let next = Mutex(0)
            let done = Mutex(pendingByChapter.map { _ in 0 })
            let finishedAt = Mutex(seconds)
            let snapshot = plans
            let allTasks = tasks
            // With one chapter, its first bench is made alone: it builds (or finds) what every
            // bench of the chapter shares, so the others find it rather than compiling the same
            // thing side by side. With more, the first tasks are different chapters' anyway.
            let alone = pendingByChapter.filter { !$0.isEmpty }.count == 1
            let firstLock = try alone ? WorkerBench.lock(worker: 0, in: workbook) : nil
            let first = try alone ? WorkerBench(runner: self, chapter: snapshot[allTasks[0].chapter].chapter, worker: 0) : nil
            let graded = try BlockingLanes.map(Array(0..<workers), width: workers) { worker -> [(Int, Int, MutantOutcome)] in
                // Held while the worker's benches live: a second `workbook mutate` waits rather
                // than writing its mutants over this one's.
                let lock = try (worker == 0 ? firstLock : nil) ?? WorkerBench.lock(worker: worker, in: workbook)
                defer { lock.release() }
                var benches: [Int: WorkerBench] = [:]
                if worker == 0, let first { benches[allTasks[0].chapter] = first }
                var outcomes: [(Int, Int, MutantOutcome)] = []
                while true {
                    let taken = next.withLock { next -> Int? in
                        guard next < allTasks.count else { return nil }
                        defer { next += 1 }
                        return next
                    }
                    guard let taken else { break }
                    let (chapter, index) = allTasks[taken]
                    let plan = snapshot[chapter]
                    let bench = try benches[chapter] ?? WorkerBench(runner: self, chapter: plan.chapter, worker: worker)
                    benches[chapter] = bench
                    let outcome = try bench.grade(plan.chosen[index])
                    let count = done.withLock { counts in counts[chapter] += 1; return counts[chapter] }
                    if count == pendingByChapter[chapter].count {
                        let elapsed = Date().timeIntervalSince(started)
                        finishedAt.withLock { $0[chapter] = elapsed }
                    }
                    progress?(MutationProgress(chapter: plan.chapter.number, graded: count, of: pendingByChapter[chapter].count))
                    outcomes.append((chapter, index, outcome))
                }
                return outcomes
            }
            for (chapter, index, outcome) in graded.joined() {
                plans[chapter].outcomes[index] = outcome
                if let data = try? JSONEncoder().encode(outcome) {
                    try? AtomicFile.write(data, to: resultsFolder.appendingPathComponent("\(plans[chapter].keys[index]).json"))
                }
            }
            seconds = finishedAt.withLock { $0 }
        }
        return Run(reports: plans.map { report($0, only: only) }, seconds: seconds)
    }

    /// The pending mutants (per chapter, their indices) in the order the workers take them:
    /// each chapter's first, then each chapter's second, and so on.
    static func dealt(_ pending: [[Int]]) -> [(chapter: Int, mutant: Int)] {
        var tasks: [(chapter: Int, mutant: Int)] = []
        for round in 0..<(pending.map(\.count).max() ?? 0) {
            for (chapter, indices) in pending.enumerated() where round < indices.count {
                tasks.append((chapter, indices[round]))
            }
        }
        return tasks
    }

    /// One chapter's share of a run: its mutants, the sample of them, their cache keys and
    /// what is known of each.
    private struct ChapterPlan: Sendable {
        var chapter: Chapter
        var accepted: AcceptedMutants
        var all: [Mutant]
        var chosen: [Mutant]
        var keys: [String]
        var outcomes: [MutantOutcome?]
    }

    private func report(_ plan: ChapterPlan, only: ExerciseID?) -> ChapterMutationReport {
        let chapter = plan.chapter, accepted = plan.accepted
        let results = zip(plan.chosen, plan.outcomes).map { mutant, outcome in
            MutantResult(mutant: mutant, outcome: outcome!, acceptedBecause: outcome!.status == .survived ? accepted.reason(for: mutant) : nil)
        }
        // An entry that matches no survivor is stale: the line moved, or a test now catches it.
        let surviving = Set(results.filter { $0.outcome.status == .survived }.map(\.mutant.key))
        let generated = Set(plan.all.map(\.key))
        let stale = accepted.entries.filter { entry in
            !surviving.contains(entry.key) && (options.sample == nil || !generated.contains(entry.key))
                && (options.operators.map { names in names.contains { entry.key.hasSuffix(":" + $0) } } ?? true)
                && (only == nil || entry.key.hasPrefix((exercises(of: chapter, only: only).first?.fileName ?? "") + ":"))
        }
        return ChapterMutationReport(chapter: chapter.number, title: chapter.title, generated: plan.all.count, results: results,
                                     staleAcceptances: stale.map { "\($0.key) (line \($0.line))" })
    }

    /// Everything a mutant's grade depends on besides the mutant itself.
    private func inputsKey(_ chapter: Chapter) throws -> String {
        guard let moduleName = chapter.moduleName else {
            throw WorkbookError.unreadable(path: chapter.path, reason: "chapter \(chapter.number) names no reference files, so it has nothing to mutate")
        }
        var hash = ContentHash()
        hash.combine("mutate-v2")  // v2: graded by its own tests first (WorkerBench.grade)
        hash.combine(WorkbookVersion.current)
        hash.combine(toolchain.version)
        hash.combine("\(options.timeout)")
        for folder in WorkbookLayout.gradingInputs(module: moduleName) {
            for file in ModuleBuilder.sources(in: workbook.url(folder)) {
                hash.combine(file.lastPathComponent)
                hash.combine(FileManager.default.contents(atPath: file.path) ?? Data())
            }
        }
        return hash.hex
    }
}

/// One worker's workbook: links to the real one, its own `.workbook/` and a workspace
/// of reference copies.
private struct WorkerBench: Sendable {
    /// Cache folders keyed by content alone (never by a path), shared with the real
    /// workbook's cache: the tests' objects, the support modules and the test runners
    /// that `verify` built for the references serve every worker too.
    static let sharedCaches = [CacheFolder.testObjects, .modules, .runners].map(\.rawValue)

    /// The bench's workbook, and how its mutants are graded: what a `Grader` is made
    /// from, per grading (it is the coordinator of one grading, not a thing kept).
    let workbook: Workbook
    let toolchain: SwiftToolchain
    let options: Grader.Options
    let chapter: Chapter
    /// Per exercise id: the workspace copy and the reference text it holds between mutants.
    let copies: [String: (file: URL, reference: String)]

    /// Worker `worker`'s lock, held by whoever makes and uses its benches: a second
    /// `workbook mutate` waits rather than writing its mutants over this one's. One per
    /// worker, whatever its chapters: a bench per chapter shares the worker's folder (each
    /// chapter's copies are files of their own there).
    static func lock(worker: Int, in real: Workbook) throws -> FolderLock {
        let root = CacheFolder.mutateWorker(worker, in: real.cacheFolder)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        return try FolderLock(root.appendingPathComponent("lock"))
    }

    /// Made while `lock(worker:in:)` is held.
    init(runner: MutationRunner, chapter original: Chapter, worker: Int) throws {
        let real = runner.workbook
        let root = CacheFolder.mutateWorker(worker, in: real.cacheFolder)
        let manager = FileManager.default
        try manager.createDirectory(at: root, withIntermediateDirectories: true)
        try LinkedWorkbook.lay(at: root, over: real, sharing: Self.sharedCaches)
        let workbook = Workbook(course: real.course.relocated(to: root), exercisesFolder: WorkbookLayout.workspace(in: root))
        self.workbook = workbook
        toolchain = runner.toolchain
        chapter = try workbook.chapter("\(original.number)")
        var copies: [String: (file: URL, reference: String)] = [:]
        for exercise in chapter.exercises where exercise.referenceFile != nil {
            guard let file = workbook.learnerFile(for: exercise, in: chapter) else { continue }
            let reference = try workbook.read(exercise.referenceFile!)
            if manager.contents(atPath: file.path).map({ String(decoding: $0, as: UTF8.self) }) != reference {
                try AtomicFile.write(reference, to: file)
            }
            copies[exercise.id.description] = (file, reference)
        }
        self.copies = copies
        var options = Grader.Options()
        options.timeout = runner.options.timeout
        options.runStarters = true
        options.parallelism = 1
        self.options = options
        // The references must pass before their mutants can mean anything.
        let baseline = try graded(chapter, only: nil)
        if let broken = baseline.exercises.first(where: { !$0.passed }) {
            throw WorkbookError.toolFailed(
                name: "workbook mutate",
                message: "the reference of exercise \(broken.id) does not pass (\(broken.status.rawValue)), so its mutants would say nothing; run `workbook verify \(chapter.number)`: \(broken.message)")
        }
    }

    func grade(_ mutant: Mutant) throws -> MutantOutcome {
        guard let copy = copies[mutant.exercise], let id = ExerciseID(mutant.exercise) else {
            throw WorkbookError.unknownExercise(mutant.exercise, valid: chapter.exercises.map(\.id))
        }
        try AtomicFile.write(mutant.apply(to: copy.reference), to: copy.file)
        defer { try? AtomicFile.write(copy.reference, to: copy.file) }
        // By the exercise's own tests first (a mutant that changes the module's interface
        // then compiles those, not the chapter's every test file); a survivor is graded
        // again as `check` grades it, so that the chapter's other tests still decide
        // whether it compiles at all (it may break their build, not this exercise's).
        var grade = try graded(chapter, only: id, wantedTestsOnly: true)
        if grade.exercises.first(where: { $0.id == id })?.status == .passed {
            grade = try graded(chapter, only: id)
        }
        guard let result = grade.exercises.first(where: { $0.id == id }) else {
            return MutantOutcome(status: .didNotCompile, detail: "the exercise was not graded")
        }
        let detail = (result.tests.first { $0.status != .pass }?.name).map { "“\($0)”" } ?? firstLine(result.message)
        switch result.status {
        case .passed: return MutantOutcome(status: .survived, detail: "")
        case .failed: return MutantOutcome(status: .failed, detail: detail)
        case .crashed: return MutantOutcome(status: .crashed, detail: detail)
        case .timedOut: return MutantOutcome(status: .timedOut, detail: detail)
        case .doesNotCompile, .notStarted: return MutantOutcome(status: .didNotCompile, detail: firstLine(result.message))
        }
    }

    /// `chapter` graded on this bench, as `check` grades it (no progress events).
    private func graded(_ chapter: Chapter, only: ExerciseID?, wantedTestsOnly: Bool = false) throws -> ChapterGrade {
        var options = options
        options.wantedTestsOnly = wantedTestsOnly
        // A mutant is graded alone: its own file's errors say it does not compile.
        options.wholeModuleDiagnostics = !wantedTestsOnly
        return try Grader(workbook: workbook, toolchain: toolchain, options: options).grade(chapter, only: only)
    }

    private func firstLine(_ text: String) -> String {
        String(text.split(separator: "\n").first ?? "")
    }
}

/// A small, fast generator with a fixed sequence per seed (Steele, Lea and Flood's
/// SplitMix64), so a sample is the same on every machine.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
