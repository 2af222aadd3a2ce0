import WorkbookModel
import WorkbookSystem
/// The student edition's safety net: after a student page is rendered, every line of
/// every reference solution (the code inside `BEGIN SOLUTION` regions) and every line
/// of every tests file is looked for in the text a reader would see. A page that shows
/// one is not written.
package struct SolutionLeakAudit: Sendable {
    /// A line that must not reach a student.
    public struct SecretLine: Sendable, Equatable {
        public var location: SourceLocation
        public var text: String
        package var isTest: Bool
    }

    /// Lines shorter than this (`}`, `a + b`, `return x`) are too common to be evidence.
    package static let minimumLength = 12

    package let secrets: [SecretLine]

    /// Collects the secret lines of every exercise of the workbook. A line that a student page shows
    /// by design is skipped: a line of any starter (signatures, comments), and any line an
    /// author wrote into a chapter (a snippet may well use the same code as a test). What
    /// remains can only reach a page by mistake.
    /// `starters` gives a chapter's exercises' starters when the caller derives them (it
    /// is asked once per chapter, after the references and tests files were read).
    /// `evidence`: chapters' evidence collected already, by chapter path (used for a
    /// chapter whose exercises are the ones it was collected for).
    public init(
        workbook: Workbook, evidence: [String: ChapterEvidence] = [:], starters: (@Sendable (Chapter) -> [ExerciseID: String])? = nil
    ) {
        // First every line that would be a secret, then those that pages show by design
        // struck out; each step a chapter per thread (built on one, the audit was the
        // longest part of a render: 18 of its 26 ms, measured).
        let missing = workbook.chapters.filter { evidence[$0.path]?.exercises != $0.exercises }
        let collected = Dictionary(
            zip(missing.map(\.path), ParallelWork.map(missing) { ChapterEvidence(of: $0, files: workbook.files) }),
            uniquingKeysWith: { first, _ in first })
        let candidates = workbook.chapters.flatMap { (collected[$0.path] ?? evidence[$0.path])?.candidates ?? [] }
        let texts = LineSet(candidates.map(\.secret.text))
        // What any page may show by design, from every chapter: one chapter's prose may
        // quote what another chapter's tests use.
        let shown = ParallelWork.map(workbook.chapters) { chapter -> (inChapter: Set<Int>, inStarters: Set<Int>) in
            var inChapter = Set<Int>()
            var inStarters = Set<Int>()
            Self.collectLines(of: chapter.source ?? (try? workbook.read(chapter.path)) ?? "", among: texts, into: &inChapter)
            let derived = starters?(chapter)
            for exercise in chapter.exercises {
                if let starter = derived.map({ $0[exercise.id] }) ?? (try? workbook.starter(for: exercise)) {
                    Self.collectLines(of: starter, among: texts, into: &inStarters)
                }
            }
            return (inChapter, inStarters)
        }
        let inChapters = shown.reduce(into: Set<Int>()) { $0.formUnion($1.inChapter) }
        let inStarters = shown.reduce(into: Set<Int>()) { $0.formUnion($1.inStarters) }
        let kept = candidates.indices.filter { index in
            let member = texts.memberOfLine[index]
            return !inChapters.contains(member) && !(candidates[index].unlessInStarters && inStarters.contains(member))
        }
        secrets = kept.map { candidates[$0].secret }
        var secretsOfMember: [Int: [Int]] = [:]
        for (secret, candidate) in kept.enumerated() { secretsOfMember[texts.memberOfLine[candidate], default: []].append(secret) }
        self.secretsOfMember = secretsOfMember
        // Every would-be secret: a page's line found here is a leak if it is a secret's.
        lookup = texts
    }

    fileprivate typealias Candidate = (secret: SecretLine, unlessInStarters: Bool)

    /// What one chapter gives the audit on its own: the lines of its references and tests
    /// that would be secrets, unless a page shows them by design. Collected as soon as the
    /// chapter is parsed, it is most of the audit's work done before the workbook is whole
    /// (`HandoutPreparation`).
    package struct ChapterEvidence: Sendable {
        /// The exercises it was collected for.
        let exercises: [Exercise]
        fileprivate let candidates: [Candidate]

        public init(of chapter: Chapter, files: WorkbookFiles) {
            exercises = chapter.exercises
            candidates = SolutionLeakAudit.candidates(of: chapter, files: files)
        }
    }

    /// The lines of `chapter`'s references and tests that would be secrets, unless a page
    /// shows them by design. Lines are handled as bytes; only would-be secrets become Strings.
    fileprivate static func candidates(of chapter: Chapter, files workbook: WorkbookFiles) -> [Candidate] {
        var candidates: [Candidate] = []
        func addEvidence(_ line: UnsafeBufferPointer<UInt8>, at location: @autoclosure () -> SourceLocation, isTest: Bool, unlessInStarters: Bool) {
            let trimmed = TextLines.trimming(line)
            guard trimmed.count >= Self.minimumLength else { return }  // fewer bytes, fewer Characters
            let ascii = !trimmed.contains { $0 >= 0x80 }
            // ASCII: one byte a Character, and the letters and digits are the ASCII ones.
            if ascii, !trimmed.contains(where: { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A || $0 >= 0x30 && $0 <= 0x39 }) { return }
            let text = String(decoding: trimmed, as: UTF8.self)
            guard ascii || Self.isEvidence(text), !(isTest && text.hasPrefix("import ")) else { return }
            candidates.append((SecretLine(location: location(), text: text, isTest: isTest), unlessInStarters))
        }
        for exercise in chapter.exercises {
            if let reference = exercise.referenceFile, let source = try? workbook.read(reference) {
                let lines = TextLines.ranges(in: source)
                var text = source
                text.withUTF8 { bytes in
                    func line(_ number: Int) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: bytes[lines[number - 1]]) }
                    do {
                        for region in try SolutionMarkers.regions(in: source, path: reference) {
                            guard let answerLines = region.answerLines else { continue }
                            for number in answerLines {
                                addEvidence(line(number), at: SourceLocation(path: reference, line: number), isTest: false, unlessInStarters: true)
                            }
                        }
                    } catch {
                        // Broken markers: no starter is shown, so any line of the file is a secret.
                        for number in 1...lines.count {
                            addEvidence(line(number), at: SourceLocation(path: reference, line: number), isTest: false, unlessInStarters: false)
                        }
                    }
                }
            }
            if let tests = exercise.testsFile, let source = try? workbook.read(tests) {
                var number = 0
                TextLines.forEach(in: source) { line in
                    number += 1
                    addEvidence(line, at: SourceLocation(path: tests, line: number), isTest: true, unlessInStarters: true)
                }
            }
        }
        return candidates
    }

    private let lookup: LineSet
    /// The secrets (their indices) whose text is each member of `lookup`.
    private let secretsOfMember: [Int: [Int]]

    /// The secret lines that `html` shows, each once. Lines are compared whole (trimmed):
    /// a file shown by mistake shows its lines whole, while a chapter's prose may well
    /// mention a fragment of the same code.
    public func leaks(in html: String) -> [SecretLine] {
        guard !secrets.isEmpty else { return [] }
        var shown = Set<Int>()
        HTML.forEachVisibleLine(html) { line in
            let member = line.contains(UInt8(ascii: "&"))
                ? HTML.unescaped(line).withUnsafeBufferPointer { lookup.member(equalTo: $0) }
                : lookup.member(equalTo: line)
            if let member { shown.insert(member) }
        }
        return shown.flatMap { secretsOfMember[$0] ?? [] }.sorted().map { secrets[$0] }
    }

    /// Adds to `found` the member of each trimmed line of `text` that is one of `texts`.
    private static func collectLines(of text: String, among texts: LineSet, into found: inout Set<Int>) {
        TextLines.forEach(in: text) { line in
            if let member = texts.member(equalTo: TextLines.trimming(line)) { found.insert(member) }
        }
    }

    /// The diagnostic for one leak, at the secret line.
    public static func diagnostic(for leak: SecretLine, page: String) -> Diagnostic {
        let what = leak.isTest ? "a line of test code" : "a line of the reference solution"
        return Diagnostic(at: leak.location, "the student page \(page) would show \(what) (\(leak.text.debugDescription)); the page was not written")
    }

    package static func isEvidence(_ text: String) -> Bool {
        let bytes = text.utf8
        guard bytes.count >= minimumLength else { return false }  // fewer bytes, fewer Characters
        // ASCII: one byte a Character, and the letters and digits are the ASCII ones.
        if !bytes.contains(where: { $0 >= 0x80 }) {
            return bytes.contains { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A || $0 >= 0x30 && $0 <= 0x39 }
        }
        return text.count >= minimumLength && text.contains(where: { $0.isLetter || $0.isNumber })
    }
}
