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
        /// Seconds the mutants' runs may take, after the schema compiled; past them the
        /// probe stops, unsure.
        public var budget: Double = 20
        /// Mutants run side by side: their tests mostly wait (on queues, timers), as `check`'s do.
        public var lanes = max(2, min(4, 2 * BlockingLanes.processors))
        /// Told each compile round's outcome (`WORKBOOK_TIMINGS=1` prints it).
        public var log: (@Sendable (String) -> Void)?

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
        guard grade.status == .failed || grade.status == .crashed || grade.status == .timedOut, grade.dependencies.isEmpty,
              let exercise = chapter.exercise(grade.id), exercise.kind == .write || exercise.kind == .compile,
              let file = workbook.learnerFile(for: exercise, in: chapter), let reference = exercise.referenceFile,
              let data = FileManager.default.contents(atPath: file.path) else { return nil }
        let started = Date()
        var result = Localization(exercise: grade.id.description, file: grade.learnerFile, line: nil, tried: 0, seconds: 0)
        // A file probed before, with the same failures, is not probed again (`check` and
        // `check --format json`, a `watch` redraw).
        let known = knownFile(grade, chapter: chapter)
        if let known, let data = FileManager.default.contents(atPath: known.path),
           let earlier = try? JSONDecoder().decode(Localization.self, from: data) {
            return earlier
        }
        defer {
            if let known, result.unsure == nil, let data = try? JSONEncoder().encode(result) { try? AtomicFile.write(data, to: known) }
        }
        do {
            let source = String(decoding: data, as: UTF8.self)
            // Without the reference (a student release ships none), every line counts as the learner's.
            let starter = (try? SolutionMarkers.starter(from: workbook.read(reference), path: reference)) ?? ""
            let mutants = LearnerMutants.make(source: source, starter: starter, exercise: grade.id.description, path: grade.learnerFile,
                                              reached: reachedLines(grade, source: source))
            result = try probe(Array(mutants.prefix(limits.candidates)), grade: grade, exercise: exercise, file: file, chapter: chapter,
                               started: started, result: result)
        } catch {
            result.unsure = "the probe could not run: \(error)"
        }
        result.seconds = Date().timeIntervalSince(started)
        return result
    }

    /// Where the probe's finding for `grade` is kept: keyed by the chapter's learner
    /// files, the exercise, its failing tests, the probe's own version and the toolchain.
    private func knownFile(_ grade: ExerciseGrade, chapter: Chapter) -> URL? {
        var hash = ContentHash()
        hash.combine("locate-v1")
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

    private func probe(_ mutants: [Mutant], grade: ExerciseGrade, exercise: Exercise, file: URL, chapter: Chapter,
                       started: Date, result: Localization) throws -> Localization {
        var result = result
        guard !mutants.isEmpty else { return result }
        let bench = try ProbeBench(real: workbook, chapter: chapter)
        defer { bench.lock.release() }
        guard let benchFile = bench.workbook.learnerFile(for: exercise, in: bench.chapter) else { return result }
        let source = String(decoding: FileManager.default.contents(atPath: file.path) ?? Data(), as: UTF8.self)
        var kept = mutants
        var schema = MutantSchema.make(source: source, mutants: kept)
        // Each mutant's time limit, from the learner's own run (`mutantTimeout`).
        let timeout = Self.mutantTimeout(grade, limit: limits.timeout)
        let log = limits.log
        var compiled = false
        // Compile, and run once with no mutant switched on (within the mutants' limit: only
        // whether it compiles, and that it does not pass, matter); a switch that does not
        // compile is dropped and the rest compiled again.
        for _ in 0..<4 {
            try bench.write(Data(schema.text.utf8), to: benchFile)
            guard let graded = try bench.grade(exercise.id, mutant: 0, toolchain: toolchain, timeout: timeout) else { return result }
            log?("locate \(exercise.id): schema of \(schema.mutants.count) mutants: \(graded.status.rawValue)")
            // Passing with nothing switched on, the failure was not the file's alone (a
            // flaky test, a machine too busy): no repair can be told apart.
            if graded.status == .passed { return result }
            // Where both ran to the end, nothing switched on must fail the same tests: a
            // switch that changed the file's meaning would make every finding untrue.
            if graded.status == .failed, grade.status == .failed,
               Set(graded.tests.filter { $0.status != .pass }.map(\.name)) != Set(grade.tests.filter { $0.status != .pass }.map(\.name)) {
                log?("locate \(exercise.id): the schema fails other tests than the file: no finding")
                return result
            }
            guard graded.status == .doesNotCompile else { compiled = true; break }
            let errors = Self.errorPlaces(in: graded.message, file: benchFile.lastPathComponent)
            let culprits = schema.culprits(errorLines: errors.map(\.line), columns: errors.map(\.column))
            log?("locate \(exercise.id): dropped \(culprits.sorted()) for\n"
                + graded.message.split(separator: "\n").filter { $0.contains(": error:") }.prefix(12).joined(separator: "\n"))
            guard !culprits.isEmpty else { return result }
            let dropped = culprits.compactMap { schema.mutants[$0] }
            kept.removeAll { dropped.contains($0) }
            schema = MutantSchema.make(source: source, mutants: kept)
        }
        result.compileSeconds = Date().timeIntervalSince(started)
        guard compiled else { return result }
        let order = schema.mutants.keys.sorted()
        let found = Mutex<Int?>(nil)
        let tried = Mutex(0)
        // The budget is the runs': a first probe of a chapter compiles its module cold.
        let deadline = Date().addingTimeInterval(limits.budget)
        let probed = schema
        let toolchain = toolchain
        log?("locate \(exercise.id): each mutant's limit " + String(format: "%.1f s", timeout))
        _ = try BlockingLanes.map(order, width: limits.lanes) { number -> Bool in
            if found.withLock({ $0 != nil }) || Date() > deadline { return false }
            tried.withLock { $0 += 1 }
            let graded = try bench.grade(exercise.id, mutant: number, toolchain: toolchain, timeout: timeout, log: log)
            log?("locate \(exercise.id): mutant \(number) (line \(probed.mutants[number]?.line ?? 0)): \(graded?.status.rawValue ?? "?") in "
                + String(format: "%.2f s", graded?.seconds ?? 0))
            guard graded?.status == .passed else { return false }
            // Passed twice: a repair, not a test that passes by chance.
            guard try bench.grade(exercise.id, mutant: number, toolchain: toolchain, timeout: timeout)?.status == .passed else { return false }
            found.withLock { if $0 == nil || number < $0! { $0 = number } }
            return true
        }
        result.tried = tried.withLock { $0 }
        if let number = found.withLock({ $0 }), let mutant = probed.mutants[number] {
            result.line = Self.namedLine(mutant)
        } else if Date() > deadline {
            result.unsure = "the probe ran out of time"
        }
        return result
    }

    /// Seconds one mutant's tests may run. A repair passes every test, so it takes about
    /// what the tests that pass took, three times over and a second; the failing ones may
    /// have waited for something that never came (3.10's waited 8 s, a repair passed in
    /// 0.16 s, measured). With no test passing, twice the failing run and a second; after
    /// a time-out, 4 s.
    static func mutantTimeout(_ run: ExerciseGrade, limit: Double) -> Double {
        let passing = run.tests.filter { $0.status == .pass }
        let seconds: Double
        if run.status == .timedOut {
            seconds = 4
        } else if !passing.isEmpty {
            seconds = 3 * passing.map(\.seconds).reduce(0, +) + 1
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

/// What the probe established for one failing exercise.
public struct Localization: Sendable, Equatable, Codable {
    public var exercise: String
    /// The learner's file, as the grade names it.
    public var file: String
    /// The line to look at (1-based), when one mutant repaired the exercise.
    public var line: Int?
    /// Mutants whose tests ran.
    public var tried: Int
    public var seconds: Double
    /// Of `seconds`, those until the schema compiled and ran once with no mutant on.
    public var compileSeconds: Double?
    /// Why the probe could not say either way (it stopped early), when it could not.
    package var unsure: String?

    /// The report's first line for the exercise: where to look and how that was found,
    /// or that nothing singles a line out.
    public var summary: String {
        if let line {
            return "\(file):\(line): look here — one small change to this line makes every test pass (found by trying small changes to your lines)"
        }
        if let unsure { return "no line singled out: \(unsure)" }
        return "no line singled out: no single small change to the lines you wrote makes every test pass"
    }
}

/// The mutants of the learner's own lines: the `mutate` operators over the whole file,
/// kept where they change a line the learner wrote (not one the starter gave), those in
/// the functions the failing tests call first.
enum LearnerMutants {
    static func make(source: String, starter: String, exercise: String, path: String, reached: Set<Int>) -> [Mutant] {
        let lines = source.components(separatedBy: "\n")
        let written = learnerLines(lines, starter: starter.components(separatedBy: "\n"))
        // The generator mutates solution regions: the whole file is one, its line numbers one
        // down, unless the file keeps the reference's own regions (a copy of it, edited).
        let hasRegions = source.contains(SolutionMarkers.begin)
        let marked = hasRegions ? source : SolutionMarkers.begin + "\n" + source + (source.hasSuffix("\n") ? "" : "\n") + "// END SOLUTION\n"
        guard let all = try? MutantGenerator().mutants(of: marked, path: path, exercise: exercise) else { return [] }
        let mine = all.compactMap { mutant -> Mutant? in
            var shifted = mutant
            if !hasRegions { shifted.line -= 1 }
            let changed = shifted.line..<(shifted.line + max(1, shifted.original.count))
            return changed.contains(where: written.contains) ? shifted : nil
        }
        return mine.enumerated().sorted { a, b in
            let first = reached.contains(a.element.line), second = reached.contains(b.element.line)
            return first != second ? first : a.offset < b.offset
        }.map(\.element)
    }

    /// The 1-based lines of `lines` that are not the starter's: those outside a longest
    /// common subsequence of the two, blank lines and comments left out.
    static func learnerLines(_ lines: [String], starter: [String]) -> Set<Int> {
        let a = lines.map { $0.trimmingCharacters(in: .whitespaces) }
        let b = starter.map { $0.trimmingCharacters(in: .whitespaces) }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var written = Set<Int>()
        var i = 0, j = 0
        while i < a.count {
            if j < b.count, a[i] == b[j] {
                i += 1; j += 1
            } else if j < b.count, table[i + 1][j] < table[i][j + 1] {
                j += 1
            } else {
                if !a[i].isEmpty, !a[i].hasPrefix("//") { written.insert(i + 1) }
                i += 1
            }
        }
        return written
    }
}

extension Localization {
    /// The summary, then the named line in context (two lines either side, the named one
    /// marked `>`), as `check` prints them first under the exercise's line.
    public func reportLines(source: String) -> [String] {
        guard let line else { return [summary] }
        let lines = source.components(separatedBy: "\n")
        let shown = max(1, line - 2)...min(lines.count, line + 2)
        let width = "\(shown.upperBound)".count
        return [summary] + shown.map { number in
            let text = lines[number - 1]
            let cut = text.count > 200 ? String(text.prefix(200)) + "…" : text
            let label = String(repeating: " ", count: width - "\(number)".count) + "\(number)"
            return (number == line ? "> " : "  ") + "\(label) | \(cut)"
        }
    }
}
