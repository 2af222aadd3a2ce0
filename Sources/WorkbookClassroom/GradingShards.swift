import Foundation
import WorkbookModel
import WorkbookSystem
import WorkbookToolchain
import WorkbookGrading

/// `grade --shard I/N`: which students shard I of N grades. A student's shard is a stable
/// hash of their name (FNV-1a, 64 bits, modulo N), not a round robin over the sorted
/// names: with a round robin, one student added to the class moves every student sorted
/// after them to another shard (so a matrix job's cache of last week's grading is cold for
/// most of its students); with the hash, adding a student moves no other one. Swift's own
/// `Hasher` is seeded per process, so it would put a student in a different shard on
/// every run. The price is shards of uneven size in a small class (a binomial spread:
/// 400 students in 8 shards, about 50 ± 7 each).
public struct GradingShard: Sendable, Equatable, CustomStringConvertible {
    /// 1-based, as a teacher writes it: `--shard 1/8` … `--shard 8/8`.
    public var index: Int
    public var count: Int

    /// A matrix wider than this is a typo: GitHub Actions runs at most 256 jobs per matrix.
    public static let most = 256

    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]),
              (1...Self.most).contains(count), (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    public var description: String { "\(index)/\(count)" }

    /// The shard (1-based) a student of this name is graded in.
    public static func of(_ name: String, count: Int) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return Int(hash % UInt64(count)) + 1
    }

    /// The students of this shard, in the class's order.
    public func select(_ students: [StudentSubmission]) -> [StudentSubmission] {
        students.filter { Self.of($0.name, count: count) == index }
    }
}

/// What one shard's grading hands to `grade --merge`: each of its students' grades as
/// graded (with the class-wide facts every shard measures the same: the starters' passing
/// tests), the files the similarity check reads, and what the shards must agree on to
/// make one class. Written as `shard.json` in the shard's folder.
public struct ShardRecord: Codable, Sendable, Equatable {
    public struct Late: Codable, Sendable, Equatable {
        var graded: String
        var commitsAfter: Int
        var days: Int
    }

    public struct Student: Codable, Sendable, Equatable {
        var name: String
        var form: String
        var problem: String?
        var late: Late?
        var grades: [ChapterGrade]
        var seconds: Double
        var contentKey: String
        var gradedWith: String?
        var starterPasses: [String: [String]]
        /// By exercise: the file as handed in, untouched starters left out (`Similarity`).
        var sources: [String: String]
    }

    public static let fileName = "shard.json"
    /// Bumped when a field's meaning changes: a merge refuses shards of another format.
    static let currentFormat = 1

    var format = Self.currentFormat
    var workbookVersion: String
    /// `GradingShards.course`: the chapters, modules and tests graded.
    var course: String
    var toolchain: String
    /// The options that change a grade (`--timeout`, `--chapter`, `--deadline`), in words.
    var settings: String
    var shard: Int
    var of: Int
    var chapters: [Int]?
    var deadline: Date?
    /// Every student of the class, in its order: the merge checks that each is in one shard.
    var classNames: [String]
    var starterPasses: [String: [String]]
    var students: [Student]

    public var shardName: String { "\(shard)/\(of)" }

    public init(shard: GradingShard, workbook: Workbook, toolchain: String, settings: String, chapters: [Int]?, deadline: Date?,
                classNames: [String], results: [ClassGrader.StudentResult], starterPasses: [ExerciseID: Set<String>]) {
        workbookVersion = WorkbookVersion.current
        course = GradingShards.course(workbook, chapters: chapters)
        self.toolchain = toolchain
        self.settings = settings
        self.shard = shard.index
        self.of = shard.count
        self.chapters = chapters
        self.deadline = deadline
        self.classNames = classNames
        self.starterPasses = Self.names(starterPasses)
        let sources = Similarity.sources(of: results, workbook: workbook, chapters: chapters)
        students = results.map { result in
            Student(name: result.student.name, form: result.student.form.rawValue, problem: result.student.problem,
                    late: result.student.late.map { Late(graded: $0.graded, commitsAfter: $0.commitsAfter, days: $0.days) },
                    grades: result.grades, seconds: result.seconds, contentKey: result.contentKey, gradedWith: result.gradedWith,
                    starterPasses: Self.names(result.starterPasses),
                    sources: Dictionary(uniqueKeysWithValues: (sources[result.student.name] ?? [:]).map { ($0.key.description, $0.value) }))
        }
    }

    private static func names(_ passes: [ExerciseID: Set<String>]) -> [String: [String]] {
        Dictionary(uniqueKeysWithValues: passes.map { ($0.key.description, $0.value.sorted()) })
    }

    static func ids(_ passes: [String: [String]]) -> [ExerciseID: Set<String>] {
        var result: [ExerciseID: Set<String>] = [:]
        for (key, names) in passes { if let id = ExerciseID(key) { result[id] = Set(names) } }
        return result
    }

    /// Sorted keys and no indentation: the same grading writes the same bytes.
    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(self)
    }

    static func read(_ data: Data) throws -> ShardRecord {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(ShardRecord.self, from: data)
    }

    fileprivate var results: [ClassGrader.StudentResult] {
        students.map { student in
            var submission = StudentSubmission(name: student.name, form: StudentSubmission.Form(rawValue: student.form) ?? .workspace,
                                               workspace: nil, problem: student.problem)
            submission.late = student.late.map { SubmissionDeadline.Late(graded: $0.graded, commitsAfter: $0.commitsAfter, days: $0.days) }
            var result = ClassGrader.StudentResult(student: submission, grades: student.grades, seconds: student.seconds,
                                                   contentKey: student.contentKey, gradedWith: student.gradedWith)
            result.starterPasses = Self.ids(student.starterPasses)
            return result
        }
    }
}

/// `grade --merge`: the shards of one class, checked to make it whole, combined into what
/// one unsharded `grade` would have graded.
public enum GradingShards {
    /// The class as one grading: its students in the class's order, the class-wide
    /// starters' passes, and what the similarity check reads.
    public struct Merged: Sendable {
        public var results: [ClassGrader.StudentResult]
        public var starterPasses: [ExerciseID: Set<String>]
        public var sources: [String: [ExerciseID: String]]
        public var chapters: [Int]?
        public var deadline: Date?
        public var shards: [String]
    }

    /// Why the shards cannot be merged: each sentence names the shards and what differs.
    public struct Refusal: Error, Sendable, Equatable {
        public var problems: [String]
    }

    /// What identifies the course graded: every file of the graded chapters' text, module
    /// and tests (hidden ones too), by path and content. Two shards graded from different
    /// commits of the course differ here, even with the same tool.
    public static func course(_ workbook: Workbook, chapters: [Int]?) -> String {
        var hash = ContentHash()
        let root = workbook.root.standardizedFileURL.path
        for chapter in workbook.chapters where chapters?.contains(chapter.number) ?? true {
            var files = [workbook.url(chapter.path)]
            if let module = chapter.moduleName {
                files += ModuleBuilder.sources(in: workbook.url(WorkbookLayout.moduleSources(module)))
                files += allFiles(under: workbook.url(WorkbookLayout.moduleTests(module)))
            }
            for file in files {
                hash.combine(String(file.standardizedFileURL.path.dropFirst(root.count)))
                hash.combine(FileManager.default.contents(atPath: file.path) ?? Data())
            }
        }
        return hash.hex
    }

    private static func allFiles(under folder: URL) -> [URL] {
        let paths = (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []).sorted()
        return paths.map { folder.appendingPathComponent($0) }.filter { url in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) && !isFolder.boolValue
        }
    }

    /// The `shard.json` files in `folder` or in its folders (download-artifact puts each
    /// artifact in a folder of its own), by path.
    public static func find(in folder: URL) -> [URL] {
        let own = folder.appendingPathComponent(ShardRecord.fileName)
        if FileManager.default.fileExists(atPath: own.path) { return [own] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.filter { !$0.hasPrefix(".") }.sorted() ?? []
        return names.map { folder.appendingPathComponent($0).appendingPathComponent(ShardRecord.fileName) }
            .filter { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// The shards read from `files` (named in errors by `display`), merged, or every reason
    /// they do not make one class of this workbook's course.
    public static func merge(_ files: [URL], workbook: Workbook, display: (URL) -> String) throws(Refusal) -> Merged {
        var problems: [String] = []
        var records: [(file: String, record: ShardRecord)] = []
        for file in files {
            guard let data = FileManager.default.contents(atPath: file.path) else {
                problems.append("\(display(file)): cannot be read"); continue
            }
            guard let record = try? ShardRecord.read(data), record.format == ShardRecord.currentFormat else {
                problems.append("\(display(file)): not a shard this version of workbook wrote (grade it again with --shard)"); continue
            }
            records.append((display(file), record))
        }
        guard problems.isEmpty else { throw Refusal(problems: problems) }
        guard let first = records.first else { throw Refusal(problems: ["no shard.json found: expected the folders `grade --shard I/N` wrote"]) }

        // One course, one tool, one set of options, one split, one class.
        func differ(_ what: String, _ value: (ShardRecord) -> String) {
            let values = Dictionary(grouping: records, by: { value($0.record) })
            guard values.count > 1 else { return }
            problems.append("the shards were graded with different \(what): "
                + values.sorted { $0.key < $1.key }.map { key, shards in "\(key) (\(shards.map(\.file).joined(separator: ", ")))" }.joined(separator: "; "))
        }
        differ("versions of workbook") { $0.workbookVersion }
        differ("courses (chapters, modules or tests)") { String($0.course.prefix(12)) }
        differ("Swift toolchains") { $0.toolchain }
        differ("options") { $0.settings }
        differ("splits") { "N = \($0.of)" }
        differ("classes (the submissions each shard found)") { "\(ContentHash.of($0.classNames).prefix(12)) (\($0.classNames.count) students)" }
        if problems.isEmpty, first.record.course != course(workbook, chapters: first.record.chapters) {
            problems.append("the shards graded another version of the course than this workbook's: grade them again from this commit, or merge in the workbook they were graded in")
        }
        guard problems.isEmpty else { throw Refusal(problems: problems) }

        let count = first.record.of
        let byShard = Dictionary(grouping: records, by: { $0.record.shard })
        for index in 1...count {
            switch byShard[index]?.count ?? 0 {
            case 0: problems.append("shard \(index)/\(count) is missing")
            case 1: break
            default: problems.append("shard \(index)/\(count) is there more than once: \(byShard[index]!.map(\.file).joined(separator: ", "))")
            }
        }
        for (file, record) in records {
            // A shard holds exactly the students the hash gives it.
            let expected = record.classNames.filter { GradingShard.of($0, count: count) == record.shard }
            if record.students.map(\.name) != expected, byShard[record.shard]?.count == 1 {
                problems.append("\(file): shard \(record.shardName) does not hold the students its split gives it")
            }
        }
        guard problems.isEmpty else { throw Refusal(problems: problems) }

        var results: [ClassGrader.StudentResult] = []
        var sources: [String: [ExerciseID: String]] = [:]
        let students = Dictionary(records.flatMap { pair in zip(pair.record.results, pair.record.students) }.map { ($0.0.student.name, $0) },
                                  uniquingKeysWith: { first, _ in first })
        for name in first.record.classNames {
            guard let (result, record) = students[name] else { continue }
            results.append(result)
            var files: [ExerciseID: String] = [:]
            for (key, text) in record.sources { if let id = ExerciseID(key) { files[id] = text } }
            if !files.isEmpty { sources[name] = files }
        }
        return Merged(results: results, starterPasses: ShardRecord.ids(first.record.starterPasses), sources: sources,
                      chapters: first.record.chapters, deadline: first.record.deadline,
                      shards: records.sorted { $0.record.shard < $1.record.shard }.map(\.file))
    }
}
