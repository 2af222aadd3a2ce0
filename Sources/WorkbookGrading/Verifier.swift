import Foundation
import WorkbookModel
import WorkbookToolchain

/// `workbook verify`: every exercise's starter must compile and FAIL its tests, and its
/// reference must PASS them (nbgrader's `validate` and `validate --invert`). A compile
/// exercise's starter must instead fail to compile with the chapter's stated error; a
/// predict exercise's empty prediction must fail, and its reference prediction must be
/// what the program really prints.
public struct Verifier: Sendable {
    public struct Finding: Sendable, Equatable, CustomStringConvertible {
        public var exercise: ExerciseID
        public var location: SourceLocation
        public var problem: String

        public var description: String { "\(location): error: exercise \(exercise): \(problem)" }
    }

    public let workbook: Workbook
    public let toolchain: SwiftToolchain
    /// The grading options both halves start from (their submissions are set here).
    public var options: Grader.Options
    /// Told what the graders are doing, for a progress line.
    public var events: GradingEvents?

    public init(workbook: Workbook, toolchain: SwiftToolchain, options: Grader.Options = Grader.Options()) {
        self.workbook = workbook
        self.toolchain = toolchain
        self.options = options
    }

    /// The broken rules of `chapter`, in exercise order; empty when it is sound. Each is
    /// reported at the file and line that holds the mistake, when one does.
    public func verify(_ chapter: Chapter) throws -> [Finding] {
        // An exercise whose files are missing is that exercise's finding; the others are
        // verified without it (its tests, which call what is missing, left out of the build).
        var findings: [Finding] = []
        var chapter = chapter
        var leftOut = Set<String>()
        chapter.exercises.removeAll { exercise in
            let missing = missingFiles(of: exercise)
            for (label, file) in missing {
                findings.append(Finding(exercise: exercise.id, location: exercise.filesLocation ?? exercise.location,
                                        problem: "its \(label), \(file), does not exist; the chapter's other exercises were verified without it"))
            }
            if missing.isEmpty {
                // Broken markers: no starter can be derived, which stopped the whole chapter too.
                do throws(WorkbookError) {
                    _ = try workbook.starter(for: exercise)
                    return false
                } catch {
                    let at: SourceLocation
                    if case .badSolutionMarkers(let place, _) = error { at = place } else { at = exercise.filesLocation ?? exercise.location }
                    findings.append(Finding(exercise: exercise.id, location: at,
                                            problem: "no starter can be derived: \(error.message); the chapter's other exercises were verified without it"))
                }
            }
            if let tests = exercise.testsFile, FileManager.default.fileExists(atPath: workbook.url(tests).path) { leftOut.insert(tests) }
            return true
        }
        var starters = Grader(workbook: workbook, toolchain: toolchain, options: options)
        starters.events = events
        starters.options.submissions = .starters
        starters.options.runStarters = true
        starters.options.leftOutTests.formUnion(leftOut)
        var references = starters
        references.options.submissions = .references
        references.options.runStarters = true
        references.options.leftOutTests.formUnion(leftOut)
        // An author is told what the program really printed.
        references.options.revealPredictions = Set(chapter.exercises.filter { $0.kind.judge == .prediction }.map(\.id))
        let starterGrades = chapter.exercises.isEmpty ? nil : try starters.grade(chapter)
        // A student release has no references: only the starters' half of the rule holds there.
        let referenceGrades = chapter.exercises.isEmpty || workbook.isRelease ? nil : try references.grade(chapter)
        for exercise in chapter.exercises {
            let at = exercise.filesLocation ?? exercise.location
            if !exercise.kind.starterCompiles, let starter = starterGrades?.exercises.first(where: { $0.id == exercise.id }) {
                findings += CompileExerciseRule.check(exercise, starter: starter, at: at)
            } else if let starter = starterGrades?.exercises.first(where: { $0.id == exercise.id }) {
                switch starter.status {
                case .passed:
                    findings.append(Finding(exercise: exercise.id, location: firstMarker(of: exercise) ?? at,
                                            problem: "the starter passes its tests; they must fail until the exercise is solved"))
                case .doesNotCompile:
                    let traced = tracedToReference(starter.message, of: exercise, in: chapter)
                    findings.append(Finding(exercise: exercise.id, location: traced.first ?? at,
                                            problem: "the starter does not compile:\n\(traced.text)"))
                default:
                    break
                }
            }
            if let reference = referenceGrades?.exercises.first(where: { $0.id == exercise.id }), !reference.passed {
                // No tests ran: the suite's type is not the one grading looks for.
                let place = reference.tests.isEmpty && reference.status == .failed ? suiteLine(of: exercise) : nil
                findings.append(Finding(exercise: exercise.id, location: place ?? at,
                                        problem: "the reference does not pass (\(reference.status.rawValue)): \(reference.message)"))
            }
        }
        // In exercise order, each exercise's findings in the order they were found.
        return findings.enumerated().sorted { ($0.element.exercise, $0.offset) < ($1.element.exercise, $1.offset) }.map(\.element)
    }

    /// The files an exercise names that are not there, with what each one is.
    private func missingFiles(of exercise: Exercise) -> [(String, String)] {
        [("reference file", exercise.referenceFile), ("tests file", exercise.testsFile)].compactMap { label, file in
            guard let file, !FileManager.default.fileExists(atPath: workbook.url(file).path) else { return nil }
            return (label, file)
        }
    }

    /// The reference's first `// BEGIN SOLUTION` line (line 1 when it has none): where
    /// a starter that passes needs its stub changed.
    private func firstMarker(of exercise: Exercise) -> SourceLocation? {
        guard let reference = exercise.referenceFile, let source = try? workbook.read(reference) else { return nil }
        let line = (try? SolutionMarkers.regions(in: source, path: reference))?.first?.beginLine ?? 1
        return SourceLocation(path: reference, line: line)
    }

    /// The tests file's line that declares the suite's type (its first type otherwise).
    private func suiteLine(of exercise: Exercise) -> SourceLocation? {
        guard let tests = exercise.testsFile, let source = try? workbook.read(tests),
              let line = Linter.suiteDeclarationLine(in: source) else { return nil }
        return SourceLocation(path: tests, line: line)
    }

    /// The compiler's `starter:line:column` rewritten as the reference's `line:column`
    /// (the starter is derived from it, and the author edits only the reference), the
    /// numbers of the quoted source lines under it too, and the first such place.
    func tracedToReference(_ message: String, of exercise: Exercise, in chapter: Chapter) -> (text: String, first: SourceLocation?) {
        guard let reference = exercise.referenceFile, let fileName = exercise.fileName,
              let source = try? workbook.read(reference),
              let map = try? SolutionMarkers.starterLineMap(from: source, path: reference) else { return (message, nil) }
        let starter = workbook.displayPath(workbook.exercisesFolder.appendingPathComponent(chapter.stem)
            .appendingPathComponent(fileName))
        var first: SourceLocation?
        var quotingStarter = false
        let lines = message.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            if line.hasPrefix(starter + ":") {
                quotingStarter = true
                let rest = line.dropFirst(starter.count + 1)
                let number = rest.prefix { $0.isNumber }
                let afterLine = rest.dropFirst(number.count)
                let column = afterLine.first == ":" ? afterLine.dropFirst().prefix { $0.isNumber } : ""
                guard let line = Int(number), let mapped = map.reference(line: line, column: Int(column) ?? 1) else { return String(line) }
                let location = SourceLocation(path: reference, line: mapped.line, column: mapped.column)
                if first == nil { first = location }
                return column.isEmpty ? "\(reference):\(mapped.line)" + afterLine : location.description + afterLine.dropFirst(1 + column.count)
            }
            if line.range(of: #"^\S+:\d+:\d+: "#, options: .regularExpression) != nil { quotingStarter = false }
            // `3 |     return transform(valu)`: the compiler quotes the starter's lines.
            guard quotingStarter, let bar = line.range(of: #"^\s*\d+ \|"#, options: .regularExpression) else { return String(line) }
            let quoted = line[bar].dropLast(2)
            guard let number = Int(quoted.trimmingCharacters(in: .whitespaces)), let mapped = map.reference(line: number, column: 1) else { return String(line) }
            let padded = String(repeating: " ", count: max(0, quoted.count - String(mapped.line).count)) + String(mapped.line)
            return padded + " |" + line[bar.upperBound...]
        }
        return (lines.joined(separator: "\n"), first)
    }
}
