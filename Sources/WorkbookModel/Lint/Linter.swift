import Foundation

/// Checks the chapters against the format and against the package: every rule marked
/// **(lint)** in docs/chapter-format.md. Parsing already reported what a chapter
/// says wrong on its own; the linter adds what needs the files it names.
public struct Linter {
    public let workbook: Workbook

    public init(workbook: Workbook) {
        self.workbook = workbook
    }

    /// Every finding, sorted by file and line.
    public func run() -> [Diagnostic] {
        var findings = workbook.diagnostics
        var named: [String: (ExerciseID, SourceLocation)] = [:]
        for chapter in workbook.chapters {
            findings += numbering(of: chapter)
            for exercise in chapter.exercises {
                let at = exercise.filesLocation ?? exercise.location
                for file in [exercise.referenceFile, exercise.testsFile].compactMap({ $0 }) {
                    if let (other, _) = named[file] {
                        findings.append(Diagnostic(at: at, "exercise \(exercise.id) names \(file), which exercise \(other) names too; each exercise has its own files"))
                    } else {
                        named[file] = (exercise.id, at)
                    }
                }
                findings += checkReference(of: exercise, at: at)
                findings += checkTests(of: exercise, at: at)
                findings += checkUses(of: exercise, in: chapter, at: at)
            }
        }
        findings += orphanReferences(named: Set(named.keys))
        findings += HiddenTestsLint(workbook: workbook).run()
        findings += NearCopyLint(workbook: workbook).run()
        return findings.sorted()
    }

    /// Exercises are numbered 1, 2, 3… in the order they appear.
    private func numbering(of chapter: Chapter) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for (index, exercise) in chapter.exercises.enumerated() where exercise.id.number != index + 1 {
            findings.append(Diagnostic(at: exercise.location, "exercise \(exercise.id) is the chapter's exercise number \(index + 1); number them 1, 2, 3… in order"))
        }
        return findings
    }

    private func checkReference(of exercise: Exercise, at location: SourceLocation) -> [Diagnostic] {
        guard let reference = exercise.referenceFile else { return [] }
        switch exercise.kind.judge {
        case .prediction:
            guard reference.hasPrefix(WorkbookLayout.predictions + "/") else {
                return [Diagnostic(at: location, "the reference prediction of exercise \(exercise.id) belongs under Sources/Predictions/ (outside every module), not \(reference)")]
            }
        case .tests:
            guard reference.hasPrefix(WorkbookLayout.sources + "/") && reference.hasSuffix(".swift") else {
                return [Diagnostic(at: location, "the reference file of exercise \(exercise.id) must be a .swift file under Sources/, not \(reference)")]
            }
        }
        let source: String
        do {
            source = try workbook.read(reference)
        } catch {
            let reason = error.message == "cannot read: no such file" ? "does not exist" : error.message
            return [Diagnostic(at: location, "the reference file of exercise \(exercise.id), \(reference), \(reason)")]
        }
        do {
            let regions = try SolutionMarkers.regions(in: source, path: reference)
            // A student release (`workbook-release.json`) ships starters where references
            // were: a region there is an answer handed out.
            if workbook.isRelease, let region = regions.first {
                return [Diagnostic(at: SourceLocation(path: reference, line: region.beginLine),
                                   "\(reference) has a '// BEGIN SOLUTION' region, but this is a student release, whose files are the starters: the answer would be handed out")]
            }
            if regions.isEmpty, !workbook.isRelease {
                return [Diagnostic(at: location, "\(reference) has no '// BEGIN SOLUTION' region, so its starter would be the answer")]
            }
        } catch {
            if case .badSolutionMarkers(let where_, let message) = error {
                return [Diagnostic(at: where_, message)]
            }
            return [Diagnostic(at: location, error.description)]
        }
        return []
    }

    /// `Uses:` names earlier exercises whose learner code this one's tests need: they
    /// must exist and be write exercises (a compile exercise's stand-in is its reference,
    /// a predict exercise has no code).
    private func checkUses(of exercise: Exercise, in chapter: Chapter, at location: SourceLocation) -> [Diagnostic] {
        // Built again under the sanitizer with its own file and the support files only.
        if exercise.kind.runsUnderThreadSanitizer, !exercise.uses.isEmpty {
            return [Diagnostic(at: location, "exercise \(exercise.id) is a race exercise, built alone under the Thread Sanitizer: it cannot use another exercise's code ('Uses:')")]
        }
        return exercise.uses.compactMap { id in
            guard let used = chapter.exercise(id) else {
                return Diagnostic(at: location, "exercise \(exercise.id) uses \(id), which \(chapter.path) does not have")
            }
            guard used.kind.canBeUsedByOthers else {
                return Diagnostic(at: location, "exercise \(exercise.id) uses \(id), a \(used.kind.rawValue) exercise; only write exercises' code can be used")
            }
            return nil
        }
    }

    private func checkTests(of exercise: Exercise, at location: SourceLocation) -> [Diagnostic] {
        guard let tests = exercise.testsFile, let suite = exercise.suiteName else { return [] }
        guard tests.hasPrefix(WorkbookLayout.tests + "/"), tests.hasSuffix(".swift") else {
            return [Diagnostic(at: location, "the tests of exercise \(exercise.id) must be a .swift file under Tests/, not \(tests)")]
        }
        let source: String
        do {
            source = try workbook.read(tests)
        } catch {
            let reason = error.message == "cannot read: no such file" ? "does not exist" : error.message
            return [Diagnostic(at: location, "the tests file of exercise \(exercise.id), \(tests), \(reason)")]
        }
        let declares = ["struct", "final class", "class", "enum", "actor"].contains { source.contains("\($0) \(suite)") }
        guard declares else {
            // At the type the author misnamed: that is the line to change.
            let at = Linter.suiteDeclarationLine(in: source).map { SourceLocation(path: tests, line: $0) } ?? location
            return [Diagnostic(at: at, "\(tests) must declare its suite as a type named \(suite) (the file's name), so grading can run it")]
        }
        return suiteTitle(in: source, path: tests, exercise: exercise)
    }

    /// The line of a tests file that declares its suite's type: the first type declaration
    /// after the `@Suite` attribute, or the file's first type declaration.
    package static func suiteDeclarationLine(in source: String) -> Int? {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        let declaration = #"^\s*(@\w+(\([^)]*\))?\s+)*((public|internal|package|final)\s+)*(struct|class|enum|actor)\s+\w"#
        let suite = lines.firstIndex { $0.trimmingCharacters(in: .whitespaces).hasPrefix("@Suite") } ?? 0
        let index = lines[suite...].firstIndex { $0.range(of: declaration, options: .regularExpression) != nil }
            ?? lines.firstIndex { $0.range(of: declaration, options: .regularExpression) != nil }
        return index.map { $0 + 1 }
    }

    /// The suite's display name is the exercise's heading, so every report names the
    /// exercise the way the chapter does. Reported at the `@Suite` line of the tests file.
    private func suiteTitle(in source: String, path: String, exercise: Exercise) -> [Diagnostic] {
        let expected = "Exercise \(exercise.id): \(exercise.title)"
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        guard let index = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix("@Suite(\"") }) else { return [] }
        let line = lines[index]
        guard let open = line.range(of: "@Suite(\"") else { return [] }
        // The string literal, its escapes undone (`\"` in a title is a quote).
        var title = ""
        var escaped = false
        var closed = false
        for character in line[open.upperBound...] {
            if escaped { title.append(character); escaped = false; continue }
            if character == "\\" { escaped = true; continue }
            if character == "\"" { closed = true; break }
            title.append(character)
        }
        guard closed else { return [] }
        guard title != expected else { return [] }
        return [Diagnostic(at: SourceLocation(path: path, line: index + 1, column: 1),
                           "the suite is titled “\(title)”, but its exercise's heading is “\(expected)”: make them the same, so reports name the exercise as the chapter does")]
    }

    /// `Sources/Chapter05Sorting/…` when chapter 5's file could not be parsed: its
    /// exercises are unknown, so its files are not orphans, just unaccounted for.
    private func belongsToUnparsedChapter(_ path: String) -> Bool {
        let module = path.split(separator: "/").dropFirst().first ?? ""
        guard module.hasPrefix("Chapter"), let number = Int(module.dropFirst("Chapter".count).prefix(2)) else { return false }
        return workbook.unparsedChapterNumbers.contains(number)
    }

    /// Files with solution markers that no exercise names: their starters would
    /// never reach a learner.
    private func orphanReferences(named: Set<String>) -> [Diagnostic] {
        let sources = workbook.url(WorkbookLayout.sources)
        guard let walker = FileManager.default.enumerator(atPath: sources.path) else { return [] }
        var findings: [Diagnostic] = []
        while let next = walker.nextObject() as? String {
            // Reference predictions (`Sources/Predictions/…/*.txt`) carry markers too.
            guard next.hasSuffix(".swift") || (next.hasPrefix("Predictions/") && next.hasSuffix(".txt")) else { continue }
            let path = WorkbookLayout.sources + "/" + next
            guard !named.contains(path), !belongsToUnparsedChapter(path), let text = try? workbook.read(path) else { continue }
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            if let index = lines.firstIndex(where: { $0.trimmingWhitespace == SolutionMarkers.begin }) {
                findings.append(Diagnostic(at: SourceLocation(path: path, line: index + 1), "\(path) has solution markers but no exercise names it; link it from its exercise's 'Reference:' paragraph"))
            }
        }
        return findings
    }
}
