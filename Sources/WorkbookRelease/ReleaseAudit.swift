import Foundation
import WorkbookModel
import WorkbookRendering

/// The release's check of itself, run before anything is written: no line of any
/// solution region, no prediction answer and no hidden test's name in any file of the
/// release — of every chapter of the teacher's workbook, released or not. A solution
/// line counts when it is long enough to be evidence (`SolutionLeakAudit.minimumLength`,
/// the render's own measure) and is not shown to students by design: a line of any
/// starter, of any chapter (a snippet may teach with the same code), of the visible tests,
/// or of the tool, Diner and Stage as the teacher's workbook holds them. Lines are
/// compared whole and trimmed, as the render's audit compares them.
public struct ReleaseAudit: Sendable {
    public struct Leak: Sendable, Equatable, CustomStringConvertible {
        /// The file of the release that holds it (relative to the release's root) and its line.
        public var file: String
        public var line: Int
        /// What it is: "a line of the reference solution", "the answer of predict exercise 1.7", …
        public var what: String
        /// Where the secret comes from, in the teacher's workbook.
        public var source: SourceLocation
        public var text: String

        public var description: String {
            "\(source): error: \(what) (\(text.debugDescription)) would be in the release's \(file):\(line); nothing was written"
        }
    }

    struct Secret {
        var what: String
        var source: SourceLocation
        var text: String
    }

    /// Lines of reference solutions that a chapter module's support file holds on purpose,
    /// with why. Each was found by this audit and looked at.
    static let shownOnPurpose: [(line: String, why: String)] = [
        ("let bounds = container.bounds", "4.1's support (`place(of:)`) reads the container's bounds too; the answer is what 4.1 does with them"),
    ]

    /// Whole lines that must not appear, by trimmed text.
    let lines: [String: Secret]
    /// Text that must not appear anywhere (hidden tests' names), with what it is.
    let names: [(String, Secret)]
    /// Predictions' answers, whole (their lines joined), which may be shorter than evidence.
    let answers: [(String, Secret)]

    public init(workbook: Workbook) {
        var shown: Set<String> = []
        func show(_ text: String?) {
            for line in (text ?? "").split(separator: "\n") { shown.insert(Self.trimmed(line)) }
        }
        for chapter in workbook.chapters {
            show(try? workbook.read(chapter.path))
            for exercise in chapter.exercises { show(try? workbook.starter(for: exercise)) }
            // The visible tests are the students' in self-study too: `order.add(item)` in a
            // test and in an answer is the API, not the answer.
            if let module = chapter.moduleName {
                for path in ReleaseManifest.files(under: WorkbookLayout.moduleTests(module), in: workbook) where !HiddenTests.isHidden(path) {
                    show(try? workbook.read(path))
                }
            }
        }
        // So are the tool, Diner and Stage, which hold the idioms an answer uses too
        // (`while true {`, `private let state = Mutex(State())`). Read from the teacher's
        // workbook, never from the release: a reference copied by mistake stays a leak.
        for folder in ReleasePackageManifest.toolFolders {
            for path in ReleaseManifest.files(under: WorkbookLayout.moduleSources(folder), in: workbook) { show(try? workbook.read(path)) }
        }
        for (line, _) in Self.shownOnPurpose { shown.insert(line) }
        var lines: [String: Secret] = [:]
        var names: [(String, Secret)] = []
        var answers: [(String, Secret)] = []
        for chapter in workbook.chapters {
            for exercise in chapter.exercises {
                guard let reference = exercise.referenceFile, let source = try? workbook.read(reference),
                      let regions = try? SolutionMarkers.regions(in: source, path: reference) else { continue }
                let text = source.split(separator: "\n", omittingEmptySubsequences: false)
                for region in regions {
                    guard let answerLines = region.answerLines else { continue }
                    let answer = answerLines.map { Self.trimmed(text[$0 - 1]) }
                    if exercise.kind.judge == .prediction {
                        let lines = answer.filter { !$0.isEmpty && !$0.hasPrefix("//") }
                        let secret = Secret(what: "the answer of predict exercise \(exercise.id)",
                                            source: SourceLocation(path: reference, line: region.beginLine + 1), text: lines.joined(separator: "\n"))
                        // A one-line answer shorter than evidence ("3") is in any file.
                        if lines.count > 1 || lines.first.map(Self.isEvidence) == true { answers.append((lines.joined(separator: "\n"), secret)) }
                    }
                    for (offset, line) in answer.enumerated() where Self.isEvidence(line) && !shown.contains(line) {
                        let what = exercise.kind.judge == .prediction ? "a line of the answer of predict exercise \(exercise.id)"
                            : "a line of exercise \(exercise.id)'s reference solution"
                        lines[line] = lines[line] ?? Secret(what: what, source: SourceLocation(path: reference, line: region.beginLine + 1 + offset), text: line)
                    }
                }
            }
            guard let module = chapter.moduleName else { continue }
            for file in HiddenTests.files(inTarget: WorkbookLayout.moduleTests(module), workbook: workbook) {
                guard let source = try? workbook.read(file) else { continue }
                for test in HiddenTests.tests(in: source) {
                    for name in [test.displayName, test.function].compactMap({ $0 }) where !name.isEmpty {
                        names.append((name, Secret(what: "the name of a hidden test", source: SourceLocation(path: file, line: test.line), text: name)))
                    }
                }
            }
        }
        self.lines = lines
        self.names = names
        self.answers = answers
    }

    /// The leaks in the release's files, in file and line order.
    public func leaks(in manifest: ReleaseManifest) throws -> [Leak] {
        var found: [Leak] = []
        for entry in manifest.entries {
            let data = try entry.data()
            let text = String(decoding: data, as: UTF8.self)
            let fileLines = text.split(separator: "\n", omittingEmptySubsequences: false)
            // Looked for line by line only in a file that holds them at all: a search per
            // line and name was 1.5% of the engine suites' CPU (the release tests).
            let namesHere = names.filter { text.contains($0.0) }
            for (index, line) in fileLines.enumerated() {
                if let secret = lines[Self.trimmed(line)] {
                    found.append(Leak(file: entry.path, line: index + 1, what: secret.what, source: secret.source, text: secret.text))
                }
                for (name, secret) in namesHere where line.contains(name) {
                    found.append(Leak(file: entry.path, line: index + 1, what: secret.what, source: secret.source, text: name))
                }
            }
            // A prediction's answer, its lines in order (ignoring `//` lines and indentation).
            let content = fileLines.map { Self.trimmed($0) }.filter { !$0.isEmpty && !$0.hasPrefix("//") }.joined(separator: "\n")
            for (answer, secret) in answers where content.contains(answer) {
                found.append(Leak(file: entry.path, line: 1, what: secret.what, source: secret.source, text: answer))
            }
        }
        return found
    }

    static func trimmed(_ line: some StringProtocol) -> String {
        line.trimmingCharacters(in: .whitespaces)
    }

    /// Long enough, and with a letter or digit: `}` and `a + b` are in any program (the
    /// render's own measure).
    static func isEvidence(_ line: String) -> Bool {
        SolutionLeakAudit.isEvidence(line)
    }
}
