import Foundation
import Synchronization
import WorkbookGrading
import WorkbookMutation
import WorkbookModel
import WorkbookSystem
import WorkbookToolchain

/// The repair probe: the `mutate` operators applied to the lines the learner wrote (those
/// not the starter's), every mutant compiled in one schema (`MutantSchema`), then the
/// exercise's tests run once per mutant, two lanes side by side, until one mutant makes
/// every test pass. That mutant's line is the place to look: a small change there repairs
/// the whole exercise, which keeps the tests that passed passing and makes the failing
/// ones pass. The change itself is never told (it is the answer).
public struct RepairProbe: Sendable {
    public struct Limits: Sendable {
        /// Mutants tried at most.
        package var candidates = 120
        /// Seconds one mutant's tests may run at most (`mutantTimeout` takes less).
        public var timeout: Double = 10
        /// Mutants of one exercise run at most: those of the lines the failing tests reached
        /// come first. A count, not a time, so that a busy machine finds what a quiet one
        /// does; about 2 s of runs on four lanes on a quiet 2-core machine.
        public var runs = 48
        /// Seconds one exercise's mutants' runs may take at most, after the schema
        /// compiled; past them the probe stops, unsure.
        public var budget: Double = 20
        /// Mutants run side by side: their tests mostly wait (on queues, timers), as `check`'s do.
        public var lanes = max(2, min(4, 2 * BlockingLanes.processors))
        /// Told each compile round's outcome (`WORKBOOK_TIMINGS=1` prints it).
        public var log: (@Sendable (String) -> Void)?
        /// Each test's lines that ran, for an exercise no single change repairs
        /// (`PerTestCoverage`); nil: no coverage step.
        public var perTestCoverage: PerTestCoverage.Provider?

        public init() {}
    }

    public let workbook: Workbook
    public let toolchain: SwiftToolchain
    public var limits: Limits

    public init(workbook: Workbook, toolchain: SwiftToolchain, limits: Limits = Limits()) {
        self.workbook = workbook
        self.toolchain = toolchain
        self.limits = limits
    }

    /// Where to look in `grade`'s file, or why no line is singled out; nil when the probe
    /// does not apply (the exercise passes, is not a write or compile exercise, or fails on
    /// another exercise's code).
    public func locate(_ grade: ExerciseGrade, in chapter: Chapter) -> Localization? {
        locate([grade], in: chapter)[grade.id]
    }

    /// `locate` for several failing exercises of one chapter at once: every probed file's
    /// schema goes into one build of the chapter module, so `check 3` with three failing
    /// exercises compiles once, not three times (each file's switches numbered apart).
    public func locate(_ grades: [ExerciseGrade], in chapter: Chapter) -> [ExerciseID: Localization] {
        let started = Date()
        var found: [ExerciseID: Localization] = [:]
        var targets: [ProbeTarget] = []
        var next = 1
        for grade in grades {
            guard grade.status == .failed || grade.status == .crashed || grade.status == .timedOut, grade.dependencies.isEmpty,
                  let exercise = chapter.exercise(grade.id), exercise.kind == .write || exercise.kind == .compile,
                  let file = workbook.learnerFile(for: exercise, in: chapter), let reference = exercise.referenceFile,
                  let data = FileManager.default.contents(atPath: file.path) else { continue }
            // A file probed before, with the same failures, is not probed again (`check` and
            // `check --format json`, a `watch` redraw).
            let known = knownFile(grade, chapter: chapter)
            if let known, let data = FileManager.default.contents(atPath: known.path),
               let earlier = try? JSONDecoder().decode(Localization.self, from: data) {
                found[grade.id] = earlier
                continue
            }
            let source = String(decoding: data, as: UTF8.self)
            // Without the reference (a student release ships none), every line counts as the learner's.
            let starter = (try? SolutionMarkers.starter(from: workbook.read(reference), path: reference)) ?? ""
            let reached = reachedLines(grade, source: source)
            let mutants = LearnerMutants.make(source: source, starter: starter, exercise: grade.id.description, path: grade.learnerFile,
                                              reached: reached)
            let tried = Array(mutants.prefix(limits.candidates))
            let written = LearnerMutants.learnerLines(source.components(separatedBy: "\n"), starter: starter.components(separatedBy: "\n"))
            targets.append(ProbeTarget(grade: grade, exercise: exercise, source: source, mutants: tried, first: next, known: known,
                                       written: written.filter(reached.contains).sorted() + written.subtracting(reached).sorted(),
                                       result: Localization(exercise: grade.id.description, file: grade.learnerFile, line: nil, tried: 0, seconds: 0)))
            next += tried.count
        }
        if targets.contains(where: { !$0.mutants.isEmpty }) {
            do {
                try probe(&targets, chapter: chapter, started: started)
            } catch {
                for index in targets.indices { targets[index].result.unsure = "the probe could not run: \(error)" }
            }
        }
        for target in targets {
            var result = target.result
            result.seconds = Date().timeIntervalSince(started)
            if result.line == nil { result = coverageFallback(result, for: target, in: chapter) }
            // No repair found: a trap on one of the learner's lines is where the tests
            // stopped, a fact (not always the mistake's line: 3.4's wrong key traps later,
            // on the nil it left; so a repair, which is, comes first).
            if result.line == nil, let line = Self.trapLine(target.grade) {
                result.line = line
                result.established = .trap
                result.unsure = nil
            }
            // Nothing singles a line out: the learner's own lines are shown instead.
            if result.line == nil, result.ranByFailing == nil { result.written = target.written }
            if let known = target.known, result.unsure == nil, let data = try? JSONEncoder().encode(result) { try? AtomicFile.write(data, to: known) }
            found[target.grade.id] = result
        }
        for (id, result) in found { remember(result, for: id, in: chapter) }
        return found
    }

    /// Where the probe's finding for `grade` is kept: keyed by the chapter's learner
    /// files, the exercise, its failing tests, the probe's own version and the toolchain.
    private func knownFile(_ grade: ExerciseGrade, chapter: Chapter) -> URL? {
        var hash = ContentHash()
        hash.combine("locate-v4")  // v4: per-test coverage; v3: the learner's lines, when none is named
        hash.combine(toolchain.version)
        hash.combine(grade.id.description)
        hash.combine(grade.status.rawValue)
        hash.combine(grade.tests.filter { $0.status != .pass }.map(\.name).sorted().joined(separator: "\n"))
        for exercise in chapter.exercises {
            guard let file = workbook.learnerFile(for: exercise, in: chapter) else { continue }
            hash.combine(file.lastPathComponent)
            hash.combine(FileManager.default.contents(atPath: file.path) ?? Data())
        }
        let folder = workbook.cacheFolder.appendingPathComponent("locate").appendingPathComponent("found")
        guard (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil else { return nil }
        return folder.appendingPathComponent(hash.hex + ".json")
    }

    /// One failing exercise's part of a probe: its file's mutants, numbered from `first`.
    struct ProbeTarget {
        let grade: ExerciseGrade
        let exercise: Exercise
        let source: String
        var mutants: [Mutant]
        let first: Int
        let known: URL?
        /// The learner's lines, those the failing tests' functions hold first.
        let written: [Int]
        var result: Localization
        var schema: MutantSchema?
        /// Compiled, and failing as the learner's file fails with nothing switched on.
        var ready = false
    }

    private func probe(_ targets: inout [ProbeTarget], chapter: Chapter, started: Date) throws {
        let bench = try ProbeBench(real: workbook, chapter: chapter)
        defer { bench.lock.release() }
        let log = limits.log
        // Each mutant's time limit, from the learner's own run (`mutantTimeout`).
        let timeouts = targets.map { Self.mutantTimeout($0.grade, limit: limits.timeout) }
        var open = Set(targets.indices.filter { !targets[$0].mutants.isEmpty })
        // Compile, and run each exercise once with no mutant switched on (within the
        // mutants' limit: only whether it compiles, and that it does not pass, matter); a
        // switch that does not compile is dropped and the rest compiled again.
        for _ in 0..<4 where !open.isEmpty {
            for index in targets.indices {
                let target = targets[index]
                let schema = open.contains(index) ? MutantSchema.make(source: target.source, mutants: target.mutants, first: target.first) : nil
                targets[index].schema = schema ?? target.schema
                // A mutant the schema found no place for is not tried in a later round
                // either: taking a dropped one's place, it would cost a compile round more.
                if let schema { targets[index].mutants = schema.mutants.keys.sorted().map { schema.mutants[$0]! } }
                guard let file = bench.workbook.learnerFile(for: target.exercise, in: bench.chapter) else { open.remove(index); continue }
                // A file given up on is probed no more: it goes back to the learner's text.
                let text = targets[index].ready ? targets[index].schema?.text ?? target.source : schema?.text ?? target.source
                try bench.write(Data(text.utf8), to: file)
            }
            // Files whose errors name none of their own switches: given up on, unless
            // another file's switches were dropped (its errors may have stopped the build).
            var blameless: [Int] = []
            var dropping = false
            // One grade for them all, in one build, their suites side by side, within the
            // longest of their limits: with nothing switched on, only whether it compiles,
            // and that it does not pass, matter.
            let order = open.sorted()
            let graded = try bench.gradeUnswitched(order.map { targets[$0].exercise.id }, toolchain: toolchain,
                                                   timeout: order.map { timeouts[$0] }.max() ?? limits.timeout, lanes: limits.lanes)
            let runs = Dictionary(uniqueKeysWithValues: order.map { ($0, graded[targets[$0].exercise.id]) })
            for index in order {
                let target = targets[index]
                guard let schema = target.schema, let graded = runs[index] ?? nil else {
                    open.remove(index)
                    continue
                }
                let id = target.exercise.id
                log?("locate \(id): schema of \(schema.mutants.count) mutants: \(graded.status.rawValue)")
                // Passing with nothing switched on, the failure was not the file's alone (a
                // flaky test, a machine too busy): no repair can be told apart.
                if graded.status == .passed { open.remove(index); continue }
                // Where both ran to the end, nothing switched on must fail the same tests: a
                // switch that changed the file's meaning would make every finding untrue.
                if graded.status == .failed, target.grade.status == .failed,
                   Set(graded.tests.filter { $0.status != .pass }.map(\.name)) != Set(target.grade.tests.filter { $0.status != .pass }.map(\.name)) {
                    log?("locate \(id): the schema fails other tests than the file: no finding")
                    open.remove(index)
                    continue
                }
                guard graded.status == .doesNotCompile else {
                    targets[index].ready = true
                    targets[index].result.compileSeconds = Date().timeIntervalSince(started)
                    open.remove(index)
                    continue
                }
                let fileName = bench.workbook.learnerFile(for: target.exercise, in: bench.chapter)?.lastPathComponent ?? ""
                let errors = Self.errorPlaces(in: graded.message, file: fileName)
                let culprits = schema.culprits(errorLines: errors.map(\.line), columns: errors.map(\.column))
                log?("locate \(id): dropped \(culprits.sorted()) for\n"
                    + graded.message.split(separator: "\n").filter { $0.contains(": error:") }.prefix(12).joined(separator: "\n"))
                guard !culprits.isEmpty else { blameless.append(index); continue }
                dropping = true
                let dropped = culprits.compactMap { schema.mutants[$0] }
                // A swap refused at its own line (a `CGPoint` for a `Double`) is refused
                // wherever the two names trade places; one that broke lines below it (a
                // closure that lost its main-actor isolation: 3.2's `queue` for the inner
                // `DispatchQueue.main`) may compile elsewhere (the outer one: the repair).
                let errorLines = Set(errors.map(\.line))
                let pairs = Set(culprits.filter { schema.changedLine(of: $0).map { errorLines.contains($0 + 1) } == true }
                    .compactMap { schema.mutants[$0] }.compactMap(NameSwaps.pair))
                targets[index].mutants.removeAll { dropped.contains($0) || NameSwaps.pair($0).map(pairs.contains) == true }
            }
            if !dropping { open.subtract(blameless) }
        }
        // The runs, exercise by exercise, each mutant in `limits.lanes` lanes side by side.
        let ready = targets.indices.filter { targets[$0].ready && targets[$0].schema != nil }
        let runs = ready.flatMap { index in targets[index].schema!.mutants.keys.sorted().map { (index, $0) } }
        let found = Mutex<[Int: Int]>([:])
        // A repair that changes a number (`off-by-one`) may only make up for a mistake
        // elsewhere (4.10's `start(attempt: 1)` made 2 repaired `attempt <= attempts` on
        // another line, measured): it is kept, and the runs go on, within the same count,
        // through the other lines; a repair of another kind there is named instead.
        let provisional = Mutex<Set<Int>>([])
        let tried = Mutex<[Int: Int]>([:])
        // Each exercise's budget is its runs': from its first run on.
        let deadlines = Mutex<[Int: Date]>([:])
        let budget = limits.budget
        let runLimit = limits.runs
        let exercises = targets.map(\.exercise.id)
        let schemas = targets.map(\.schema)
        let toolchain = toolchain
        for index in ready { log?("locate \(exercises[index]): each mutant's limit " + String(format: "%.1f s", timeouts[index])) }
        _ = try BlockingLanes.map(runs, width: limits.lanes) { run -> Bool in
            let (index, number) = run
            let deadline = deadlines.withLock { $0[index, default: Date().addingTimeInterval(budget)] }
            deadlines.withLock { $0[index] = deadline }
            let mutant = schemas[index]?.mutants[number]
            if let kept = found.withLock({ $0[index] }) {
                // Settled, or another change on the kept repair's own line: nothing to learn.
                if !provisional.withLock({ $0.contains(index) }) || schemas[index]?.mutants[kept]?.line == mutant?.line
                    || mutant?.operatorName == "off-by-one" { return false }
            }
            if Date() > deadline { return false }
            let allowed = tried.withLock { tried -> Bool in
                guard tried[index, default: 0] < runLimit else { return false }
                tried[index, default: 0] += 1
                return true
            }
            guard allowed else { return false }
            let id = exercises[index]
            let graded = try bench.grade(id, mutant: number, toolchain: toolchain, timeout: timeouts[index], log: log)
            log?("locate \(id): mutant \(number) (line \(schemas[index]?.mutants[number]?.line ?? 0)): \(graded?.status.rawValue ?? "?") in "
                + String(format: "%.2f s", graded?.seconds ?? 0))
            guard graded?.status == .passed else { return false }
            // Passed twice: a repair, not a test that passes by chance.
            guard try bench.grade(id, mutant: number, toolchain: toolchain, timeout: timeouts[index])?.status == .passed else { return false }
            let weak = mutant?.operatorName == "off-by-one"
            found.withLock { found in
                provisional.withLock { provisional in
                    if found[index] == nil {
                        found[index] = number
                        if weak { provisional.insert(index) }
                    } else if provisional.contains(index), !weak {
                        found[index] = number
                        provisional.remove(index)
                    } else if !provisional.contains(index), !weak, number < found[index]! {
                        found[index] = number
                    }
                }
            }
            return true
        }
        for index in ready {
            targets[index].result.tried = tried.withLock { $0[index] ?? 0 }
            if let number = found.withLock({ $0[index] }), let mutant = schemas[index]?.mutants[number] {
                targets[index].result.line = Self.namedLine(mutant)
                targets[index].result.change = ChangeKinds.words(for: mutant.operatorName)
            } else if let deadline = deadlines.withLock({ $0[index] }), Date() > deadline,
                      targets[index].result.tried < min(runLimit, schemas[index]?.mutants.count ?? 0) {
                // Stopped with mutants left to run (when all ran, none repaired: no time lost).
                targets[index].result.unsure = "the probe ran out of time"
            }
        }
    }

    /// The learner's line a crash trapped on: the innermost of the crash report's frames
    /// in the learner's code (`Interpretation`'s "where it was"), when it is in the
    /// exercise's own file.
    static func trapLine(_ grade: ExerciseGrade) -> Int? {
        guard grade.status == .crashed else { return nil }
        let heading = "where it was, in your code (innermost first):\n"
        for message in [grade.message] + grade.tests.compactMap(\.message) {
            guard let range = message.range(of: heading) else { continue }
            let frame = message[range.upperBound...].prefix { $0 != "\n" }.trimmingCharacters(in: .whitespaces)
            guard frame.hasPrefix(grade.learnerFile + ":") else { return nil }
            return Int(frame.dropFirst(grade.learnerFile.count + 1).prefix { $0.isNumber })
        }
        return nil
    }

    /// Seconds one mutant's tests may run. A repair passes every test, so it takes about
    /// what the tests that pass took, three times over and a second; the failing ones may
    /// have waited for something that never came (3.10's waited 8 s, a repair passed in
    /// 0.16 s, measured). With no test passing, twice the failing run and a second (at
    /// least 3 s after a crash); after a time-out, 4 s.
    static func mutantTimeout(_ run: ExerciseGrade, limit: Double) -> Double {
        let passing = run.tests.filter { $0.status == .pass }
        let seconds: Double
        if run.status == .timedOut {
            seconds = 4
        } else if !passing.isEmpty {
            seconds = 3 * passing.map(\.seconds).reduce(0, +) + 1
        } else if run.status == .crashed {
            // A crash ends the run early: a repair runs the tests to their end (3.4's, a
            // wrong key trapping at once, took 1.5 s to pass on a busy machine).
            seconds = max(3, 2 * run.seconds + 1)
        } else {
            seconds = 2 * run.seconds + 1
        }
        return min(limit, max(1.5, seconds))
    }

    /// The line a repairing mutant names: the one it changes, or for a statement moved up
    /// (`completion-first`), the statement that moved.
    static func namedLine(_ mutant: Mutant) -> Int {
        mutant.operatorName == "completion-first" ? mutant.line + mutant.original.count - 1 : mutant.line
    }

    /// The places (1-based line, column) in `file` that compiler errors in `message` name.
    static func errorPlaces(in message: String, file: String) -> [(line: Int, column: Int?)] {
        message.split(separator: "\n").compactMap { line in
            guard line.contains(": error:"), let range = line.range(of: file + ":") else { return nil }
            let rest = line[range.upperBound...]
            guard let number = Int(rest.prefix { $0.isNumber }) else { return nil }
            let afterLine = rest.drop { $0.isNumber }.dropFirst()
            return (number, Int(afterLine.prefix { $0.isNumber }))
        }
    }

    /// The learner's lines inside the functions the failing tests call (`yourCode`, their
    /// declarations' lines in this file): tried first.
    private func reachedLines(_ grade: ExerciseGrade, source: String) -> Set<Int> {
        let lines = source.components(separatedBy: "\n")
        var reached = Set<Int>()
        for test in grade.tests where test.status != .pass {
            for pointer in test.yourCode where pointer.path == grade.learnerFile && pointer.line >= 1 && pointer.line <= lines.count {
                var depth = 0
                var opened = false
                for index in (pointer.line - 1)..<lines.count {
                    reached.insert(index + 1)
                    for character in lines[index] {
                        if character == "{" { depth += 1; opened = true }
                        if character == "}" { depth -= 1 }
                    }
                    if opened, depth <= 0 { break }
                }
            }
        }
        return reached
    }
}
