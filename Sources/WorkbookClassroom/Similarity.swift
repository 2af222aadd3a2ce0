import Foundation
import WorkbookModel
import WorkbookGrading
import WorkbookSystem

/// Pairs of students whose own code is alike, for the teacher to look at: never a finding,
/// and grades never depend on it. A small detector in the way of MOSS and JPlag: each
/// exercise file becomes token shingles (`SourceTokens`: comments and strings left out),
/// with the names a student chooses renamed inside each shingle, so renaming variables
/// hides nothing; the shingles of the starter and of the reference (the code everyone is
/// given or is expected to write) are left out, and so are those that most of the class
/// shares (MOSS's `-m`). Two students are a pair when most of what is left is shared.
/// (copydetect, from PyPI, does the same winnowing, but pulls in matplotlib and numpy.)
public struct Similarity: Sendable, Equatable {
    public struct Pair: Sendable, Equatable {
        public var first: String
        public var second: String
        /// Shared shingles over all the pair's shingles (Jaccard), 0…1.
        public var score: Double
        /// How many shingles they share.
        public var shared: Int
        /// The exercises where most of their own code is shared.
        public var exercises: [ExerciseID]
    }

    /// A pair's least score, and least number of shared shingles (a few lines of one's own
    /// code: a one-line answer alike in two files is no sign of anything).
    static let threshold = 0.5
    static let minimumShared = 10

    public var pairs: [Pair]

    /// `sources`: by student, each exercise's file as handed in (untouched starters left
    /// out); `starters` and `references`: by exercise, the code everyone is given or is
    /// expected to write. The starter's names (the exercise's function, its parameters)
    /// are kept as they are; any other name is the student's choice.
    public init(sources: [String: [ExerciseID: String]], starters: [ExerciseID: String], references: [ExerciseID: String] = [:]) {
        let vocabulary = starters.mapValues { Set(SourceTokens($0).tokens.map(\.text)) }
        var givenShingles: [ExerciseID: Set<String>] = [:]
        for id in Set(starters.keys).union(references.keys) {
            let keep = vocabulary[id] ?? []
            givenShingles[id] = Set([starters[id], references[id]].compactMap { $0 }.flatMap { Self.shingles(of: $0, keeping: keep) })
        }
        var own: [String: [ExerciseID: Set<String>]] = [:]
        for (student, files) in sources {
            for (id, text) in files {
                let shingles = Set(Self.shingles(of: text, keeping: vocabulary[id] ?? [])).subtracting(givenShingles[id] ?? [])
                if !shingles.isEmpty { own[student, default: [:]][id] = shingles }
            }
        }
        // What most of the class writes is no sign of copying (more than half, and more than two).
        var counts: [ExerciseID: [String: Int]] = [:]
        for files in own.values { for (id, shingles) in files { for shingle in shingles { counts[id, default: [:]][shingle, default: 0] += 1 } } }
        let common = max(2, own.count / 2)
        for student in own.keys {
            own[student] = own[student]!.reduce(into: [:]) { kept, entry in
                let left = entry.value.filter { (counts[entry.key]?[$0] ?? 0) <= common }
                if !left.isEmpty { kept[entry.key] = left }
            }
        }
        var pairs: [Pair] = []
        let students = own.keys.sorted()
        for (index, first) in students.enumerated() {
            for second in students[(index + 1)...] {
                let a = own[first]!, b = own[second]!
                var shared = 0, union = 0
                var alike: [ExerciseID] = []
                for id in Set(a.keys).union(b.keys) {
                    let x = a[id] ?? [], y = b[id] ?? []
                    let both = x.intersection(y).count
                    shared += both
                    union += x.union(y).count
                    if both > 0, Double(both) / Double(x.union(y).count) >= Self.threshold { alike.append(id) }
                }
                let score = union == 0 ? 0 : Double(shared) / Double(union)
                if score >= Self.threshold, shared >= Self.minimumShared {
                    pairs.append(Pair(first: first, second: second, score: score, shared: shared, exercises: alike.sorted()))
                }
            }
        }
        self.pairs = pairs.sorted { ($1.score, $0.first, $0.second) < ($0.score, $1.first, $1.second) }
    }

    /// Shingles of `text`'s tokens, the names in `keeping` kept (`CodeShingles`).
    static func shingles(of text: String, keeping: Set<String>) -> [String] {
        CodeShingles.of(text, keeping: keeping)
    }

    /// The class's files: each graded exercise's file in each student's workspace, unless
    /// it is the untouched starter; with each exercise's starter and reference as given.
    public static func of(_ results: [ClassGrader.StudentResult], workbook: Workbook, chapters: [Int]?) -> Similarity {
        of(sources: sources(of: results, workbook: workbook, chapters: chapters), workbook: workbook, chapters: chapters)
    }

    /// The pairs among `sources` (by student, by exercise: from `sources(of:)`, or the
    /// shards' of `grade --merge`).
    public static func of(sources: [String: [ExerciseID: String]], workbook: Workbook, chapters: [Int]?) -> Similarity {
        var starters: [ExerciseID: String] = [:]
        var references: [ExerciseID: String] = [:]
        for chapter in graded(workbook, chapters) {
            for exercise in chapter.exercises where exercise.fileName != nil && exercise.kind.judge == .tests {
                starters[exercise.id] = try? workbook.starter(for: exercise)
                // A release has no references: then the starter alone is given.
                references[exercise.id] = exercise.referenceFile.flatMap { try? workbook.read($0) }
            }
        }
        return Similarity(sources: sources, starters: starters, references: references)
    }

    /// Each student's graded exercise files as handed in, untouched starters left out.
    public static func sources(of results: [ClassGrader.StudentResult], workbook: Workbook, chapters: [Int]?) -> [String: [ExerciseID: String]] {
        var sources: [String: [ExerciseID: String]] = [:]
        for chapter in graded(workbook, chapters) {
            for exercise in chapter.exercises where exercise.fileName != nil && exercise.kind.judge == .tests {
                let starter = try? workbook.starter(for: exercise)
                for result in results {
                    guard let workspace = result.student.workspace, let name = exercise.fileName,
                          let data = FileManager.default.contents(atPath: workspace.appendingPathComponent(chapter.stem)
                            .appendingPathComponent(name).path) else { continue }
                    let text = String(decoding: data, as: UTF8.self)
                    if let starter, StarterComparison.isUntouched(text, starter: starter, swift: true) { continue }
                    sources[result.student.name, default: [:]][exercise.id] = text
                }
            }
        }
        return sources
    }

    private static func graded(_ workbook: Workbook, _ chapters: [Int]?) -> [Chapter] {
        workbook.chapters.filter { (chapters?.contains($0.number) ?? true) && $0.moduleName != nil }
    }

    /// `similarity.csv`: a line per pair, the most alike first.
    public func csv() -> String {
        var lines = ["student,other student,similarity,shared passages,exercises"]
        for pair in pairs {
            lines.append([pair.first, pair.second, String(format: "%.2f", pair.score), "\(pair.shared)",
                          pair.exercises.map(\.description).joined(separator: " ")].map(Gradebook.csvField).joined(separator: ","))
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    /// The gradebook page's "Look at these pairs" section.
    public func html() -> String {
        var html = "<h2 id=\"pairs\">Look at these pairs</h2>\n<p>Students whose own code (beyond the starter and the "
            + "reference) is alike, variables renamed or not: a reason to look, not a finding. Grades do not depend on it.</p>\n"
        guard !pairs.isEmpty else { return html + "<p>No pair stands out.</p>\n" }
        html += "<table>\n<thead><tr><th scope=\"col\">Students</th><th scope=\"col\">Similarity</th>"
            + "<th scope=\"col\">Exercises</th></tr></thead>\n<tbody>\n"
        for pair in pairs {
            html += "<tr><td>\(HTML.escape(pair.first)) and \(HTML.escape(pair.second))</td>"
                + "<td>\(Int((pair.score * 100).rounded()))%</td><td>\(pair.exercises.map(\.description).joined(separator: ", "))</td></tr>\n"
        }
        return html + "</tbody>\n</table>\n"
    }
}
