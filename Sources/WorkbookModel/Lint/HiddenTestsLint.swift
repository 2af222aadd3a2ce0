import Foundation

/// The linter's rules for hidden tests (docs/chapter-format.md, "Hidden tests"): each
/// hidden file belongs to an exercise with visible tests and extends its suite, no hidden
/// test's name is told in the chapter or its hints, and a workbook that hides tests hides
/// at least one in every chapter that has tests.
struct HiddenTestsLint {
    let workbook: Workbook

    func run() -> [Diagnostic] {
        var findings: [Diagnostic] = []
        var withoutHidden: [Chapter] = []
        var anyHidden = false
        for chapter in workbook.chapters {
            guard let module = chapter.moduleName else { continue }
            let files = HiddenTests.files(inTarget: WorkbookLayout.moduleTests(module), workbook: workbook)
            anyHidden = anyHidden || !files.isEmpty
            if files.isEmpty, chapter.exercises.contains(where: { $0.testsFile != nil && $0.kind.judge == .tests }) {
                withoutHidden.append(chapter)
            }
            let told = toldTexts(of: chapter)
            for file in files { findings += check(file, in: chapter, told: told) }
        }
        // A release (or a self-study workbook) has no hidden tests at all: nothing to ask for.
        if anyHidden {
            for chapter in withoutHidden {
                findings.append(Diagnostic(at: SourceLocation(path: chapter.path, line: chapter.titleLocation.line),
                    "chapter \(chapter.number) has no hidden test, though the workbook hides tests in other chapters: "
                    + "add one under Tests/\(chapter.moduleName ?? "")Tests/\(HiddenTests.folderName)/, for something its visible tests leave open"))
            }
        }
        return findings
    }

    /// What a learner reads: the chapter and its hints file, with their paths.
    private func toldTexts(of chapter: Chapter) -> [(path: String, lines: [Substring])] {
        [chapter.path, chapter.hintsPath].compactMap { path in
            (try? workbook.read(path)).map { (path, $0.split(separator: "\n", omittingEmptySubsequences: false)) }
        }
    }

    private func check(_ file: String, in chapter: Chapter, told: [(path: String, lines: [Substring])]) -> [Diagnostic] {
        let top = SourceLocation(path: file, line: 1)
        guard let suite = HiddenTests.suiteName(forHiddenFile: file),
              let exercise = chapter.exercises.first(where: { $0.suiteName == suite && $0.testsFile.flatMap(HiddenTests.file(forTests:)) == file })
        else {
            let expected = HiddenTests.suiteName(forHiddenFile: file).map { "\($0).swift" } ?? "ExN_NameTests.swift"
            return [Diagnostic(at: top, "\(file) is a hidden test file, but no exercise of \(chapter.path) has the visible tests \(expected) beside it: "
                + "name a hidden file after its exercise's tests file (Ex2_LoadTests.swift → \(HiddenTests.folderName)/Ex2_LoadHiddenTests.swift)")]
        }
        guard let tests = exercise.testsFile, (try? workbook.read(tests)) != nil else {
            return [Diagnostic(at: top, "\(file) hides tests of exercise \(exercise.id), which has no visible tests file: a hidden test adds to visible ones, it never replaces them")]
        }
        guard let source = try? workbook.read(file) else {
            return [Diagnostic(at: top, "\(file) cannot be read as UTF-8 text")]
        }
        var findings: [Diagnostic] = []
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        if !lines.contains(where: { $0.range(of: #"^\s*extension\s+\#(suite)\b"#, options: .regularExpression) != nil }) {
            findings.append(Diagnostic(at: top, "\(file) must put its tests in `extension \(suite) { … }`: grading runs exercise \(exercise.id) by its suite \(suite), and only then are they run with it"))
        }
        // A test or suite outside every type would run with no exercise at all.
        for (index, line) in lines.enumerated() where line.hasPrefix("@Test") || line.hasPrefix("@Suite") {
            findings.append(Diagnostic(at: SourceLocation(path: file, line: index + 1),
                "this test is outside `extension \(suite)`: grading would never run it with exercise \(exercise.id)"))
        }
        let declared = HiddenTests.tests(in: source)
        if declared.isEmpty {
            findings.append(Diagnostic(at: top, "\(file) declares no @Test: a hidden file holds at least one hidden test"))
        }
        for test in declared {
            for name in [test.displayName, test.function].compactMap({ $0 }) where !name.isEmpty {
                guard let (path, line) = firstMention(of: name, in: told) else { continue }
                findings.append(Diagnostic(at: SourceLocation(path: file, line: test.line),
                    "the hidden test's name “\(name)” appears in \(path):\(line): a hidden test is not told to the learner, so rename it or reword the text"))
                break
            }
        }
        return findings
    }

    private func firstMention(of name: String, in told: [(path: String, lines: [Substring])]) -> (String, Int)? {
        for (path, lines) in told {
            if let index = lines.firstIndex(where: { $0.contains(name) }) { return (path, index + 1) }
        }
        return nil
    }
}
