/// The student edition's safety net: after a student page is rendered, every line of
/// every reference solution (the code inside `BEGIN SOLUTION` regions) and every line
/// of every tests file is looked for in the text a reader would see. A page that shows
/// one is not written.
public struct SolutionLeakAudit: Sendable {
    /// A line that must not reach a student.
    public struct SecretLine: Sendable, Equatable {
        public var location: SourceLocation
        public var text: String
        public var isTest: Bool
    }

    /// Lines shorter than this (`}`, `a + b`, `return x`) are too common to be evidence.
    public static let minimumLength = 12

    public let secrets: [SecretLine]

    /// Collects the secret lines of every exercise of the workbook. A line that a student page shows
    /// by design is skipped: a line of any starter (signatures, comments), and any line an
    /// author wrote into a chapter (a snippet may well use the same code as a test). What
    /// remains can only reach a page by mistake.
    /// `starters` are the exercises' starters when the caller has derived them already.
    public init(workbook: Workbook, starters: [ExerciseID: String]? = nil) {
        var secrets: [SecretLine] = []
        // What any page may show by design, from every chapter: one chapter's prose may
        // quote what another chapter's tests use.
        var starterLines = Set<String>()
        var chapterLines = Set<String>()
        for chapter in workbook.chapters {
            chapterLines.formUnion(Self.trimmedLines((try? workbook.read(chapter.path)) ?? ""))
            for exercise in chapter.exercises {
                if let starter = starters.map({ $0[exercise.id] }) ?? (try? workbook.starter(for: exercise)) {
                    starterLines.formUnion(Self.trimmedLines(starter))
                }
            }
        }
        for chapter in workbook.chapters {
            for exercise in chapter.exercises {
                if let reference = exercise.referenceFile, let source = try? workbook.read(reference) {
                    do {
                        let lines = Self.trimmedLineList(source)
                        for region in try SolutionMarkers.regions(in: source, path: reference) {
                            let answerEnd = (region.starterLine ?? region.endLine) - 1
                            guard region.beginLine < answerEnd else { continue }
                            for number in (region.beginLine + 1)...answerEnd {
                                let text = lines[number - 1]
                                if Self.isEvidence(text), !starterLines.contains(text), !chapterLines.contains(text) {
                                    secrets.append(SecretLine(location: SourceLocation(path: reference, line: number), text: text, isTest: false))
                                }
                            }
                        }
                    } catch {
                        // Broken markers: no starter is shown, so any line of the file is a secret.
                        for (offset, text) in Self.trimmedLineList(source).enumerated() {
                            if Self.isEvidence(text), !chapterLines.contains(text) {
                                secrets.append(SecretLine(location: SourceLocation(path: reference, line: offset + 1), text: text, isTest: false))
                            }
                        }
                    }
                }
                if let tests = exercise.testsFile, let source = try? workbook.read(tests) {
                    for (offset, text) in Self.trimmedLineList(source).enumerated() {
                        guard Self.isEvidence(text), !text.hasPrefix("import "),
                              !starterLines.contains(text), !chapterLines.contains(text) else { continue }
                        secrets.append(SecretLine(location: SourceLocation(path: tests, line: offset + 1), text: text, isTest: true))
                    }
                }
            }
        }
        self.secrets = secrets
    }

    /// The secret lines that `html` shows, each once. Lines are compared whole (trimmed):
    /// a file shown by mistake shows its lines whole, while a chapter's prose may well
    /// mention a fragment of the same code.
    public func leaks(in html: String) -> [SecretLine] {
        let visible = HTML.visibleLines(html)
        return secrets.filter { visible.contains($0.text) }
    }

    /// The diagnostic for one leak, at the secret line.
    public static func diagnostic(for leak: SecretLine, page: String) -> Diagnostic {
        let what = leak.isTest ? "a line of test code" : "a line of the reference solution"
        return Diagnostic(at: leak.location, "the student page \(page) would show \(what) (\(leak.text.debugDescription)); the page was not written")
    }

    /// The text's lines, trimmed. (Plain text has no tags, so the HTML splitter would do,
    /// except that `<` in Swift code is not a tag: split by hand.)
    private static func trimmedLines(_ text: String) -> Set<String> {
        Set(trimmedLineList(text))
    }

    /// The text's lines in order, each trimmed (split and trimmed as bytes: fast).
    private static func trimmedLineList(_ text: String) -> [String] {
        text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
            var slice = line
            while let first = slice.first, first == 0x20 || first == 0x09 { slice = slice.dropFirst() }
            while let last = slice.last, last == 0x20 || last == 0x09 || last == 0x0D { slice = slice.dropLast() }
            return String(decoding: slice, as: UTF8.self)
        }
    }

    private static func isEvidence(_ text: String) -> Bool {
        text.count >= minimumLength && text.contains(where: { $0.isLetter || $0.isNumber })
    }
}
