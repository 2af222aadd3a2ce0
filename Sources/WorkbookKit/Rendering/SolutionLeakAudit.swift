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
        // First every line that would be a secret, then those that pages show by design
        // struck out: only lines that could be secrets are ever looked up, so the many
        // short or ordinary lines of the chapters and starters cost no hashing.
        var candidates: [(secret: SecretLine, unlessInStarters: Bool)] = []
        for chapter in workbook.chapters {
            for exercise in chapter.exercises {
                if let reference = exercise.referenceFile, let source = try? workbook.read(reference) {
                    let lines = TextLines.trimmed(source)
                    do {
                        for region in try SolutionMarkers.regions(in: source, path: reference) {
                            let answerEnd = (region.starterLine ?? region.endLine) - 1
                            guard region.beginLine < answerEnd else { continue }
                            for number in (region.beginLine + 1)...answerEnd where Self.isEvidence(lines[number - 1]) {
                                candidates.append((SecretLine(location: SourceLocation(path: reference, line: number), text: lines[number - 1], isTest: false), true))
                            }
                        }
                    } catch {
                        // Broken markers: no starter is shown, so any line of the file is a secret.
                        for (offset, text) in lines.enumerated() where Self.isEvidence(text) {
                            candidates.append((SecretLine(location: SourceLocation(path: reference, line: offset + 1), text: text, isTest: false), false))
                        }
                    }
                }
                if let tests = exercise.testsFile, let source = try? workbook.read(tests) {
                    for (offset, text) in TextLines.trimmed(source).enumerated() where Self.isEvidence(text) && !text.hasPrefix("import ") {
                        candidates.append((SecretLine(location: SourceLocation(path: tests, line: offset + 1), text: text, isTest: true), true))
                    }
                }
            }
        }
        let texts = Set(candidates.map(\.secret.text))
        // What any page may show by design, from every chapter: one chapter's prose may
        // quote what another chapter's tests use.
        var inChapters = Set<String>()
        var inStarters = Set<String>()
        for chapter in workbook.chapters {
            Self.collectLines(of: (try? workbook.read(chapter.path)) ?? "", among: texts, into: &inChapters)
            for exercise in chapter.exercises {
                if let starter = starters.map({ $0[exercise.id] }) ?? (try? workbook.starter(for: exercise)) {
                    Self.collectLines(of: starter, among: texts, into: &inStarters)
                }
            }
        }
        secrets = candidates.filter { candidate in
            !inChapters.contains(candidate.secret.text) && !(candidate.unlessInStarters && inStarters.contains(candidate.secret.text))
        }.map(\.secret)
        secretTexts = Set(secrets.map(\.text))
    }

    private let secretTexts: Set<String>

    /// The secret lines that `html` shows, each once. Lines are compared whole (trimmed):
    /// a file shown by mistake shows its lines whole, while a chapter's prose may well
    /// mention a fragment of the same code.
    public func leaks(in html: String) -> [SecretLine] {
        guard !secrets.isEmpty else { return [] }
        var shown = Set<String>()
        HTML.forEachVisibleLine(html) { line in
            let text = HTML.visibleText(line)
            if secretTexts.contains(text) { shown.insert(text) }
        }
        return secrets.filter { shown.contains($0.text) }
    }

    /// The diagnostic for one leak, at the secret line.
    public static func diagnostic(for leak: SecretLine, page: String) -> Diagnostic {
        let what = leak.isTest ? "a line of test code" : "a line of the reference solution"
        return Diagnostic(at: leak.location, "the student page \(page) would show \(what) (\(leak.text.debugDescription)); the page was not written")
    }

    /// Adds to `found` each trimmed line of `text` that is one of `texts`.
    private static func collectLines(of text: String, among texts: Set<String>, into found: inout Set<String>) {
        TextLines.forEach(in: text) { line in
            let string = String(decoding: TextLines.trimming(line), as: UTF8.self)
            if texts.contains(string) { found.insert(string) }
        }
    }

    private static func isEvidence(_ text: String) -> Bool {
        let bytes = text.utf8
        guard bytes.count >= minimumLength else { return false }  // fewer bytes, fewer Characters
        // ASCII: one byte a Character, and the letters and digits are the ASCII ones.
        if !bytes.contains(where: { $0 >= 0x80 }) {
            return bytes.contains { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A || $0 >= 0x30 && $0 <= 0x39 }
        }
        return text.count >= minimumLength && text.contains(where: { $0.isLetter || $0.isNumber })
    }
}
