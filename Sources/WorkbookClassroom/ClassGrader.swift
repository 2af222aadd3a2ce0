import Foundation
import Synchronization
import WorkbookModel
import WorkbookSystem
import WorkbookToolchain
import WorkbookGrading

/// Grades a class: each student's workspace on its own (their own `Workbook`, so nothing
/// of one student's is seen in another's grade), students side by side across the
/// processors, every exercise in the sandbox with its time limit. Results are cached by
/// content, as `check`'s are, so grading the class again re-runs only what changed.
public struct ClassGrader: Sendable {
    public struct StudentResult: Sendable {
        public var student: StudentSubmission
        public var grades: [ChapterGrade]
        public var seconds: Double
        /// What the student's files hash to: the gradebook remembers it to say who changed.
        public var contentKey: String
        /// The student whose grading this one shares: their files are the same.
        public var gradedWith: String?
        /// The tests each failing exercise's starter passes beside this student's other
        /// files (`StarterBaselines`), where that differs from the class-wide measurement.
        public var starterPasses: [ExerciseID: Set<String>] = [:]

        public init(student: StudentSubmission, grades: [ChapterGrade], seconds: Double, contentKey: String, gradedWith: String? = nil) {
            self.student = student
            self.grades = grades
            self.seconds = seconds
            self.contentKey = contentKey
            self.gradedWith = gradedWith
        }
    }

    /// The course, parsed once for the whole class: every student's workspace, variant
    /// and starter baseline is graded against it.
    public let course: Course
    public let toolchain: SwiftToolchain
    public var options: Grader.Options
    /// The chapters to grade (numbers); nil for all.
    public var chapters: [Int]?
    /// Students graded at once: two per processor, because a student's grading spends
    /// most of its time waiting for its children (12 students on 2 processors: 3.2 s of
    /// CPU in 6.0 s with 2 lanes, 3.3 s with 4, measured).
    public var width = max(2, BlockingLanes.processors * 2)
    /// Told after each student is graded, for a progress bar.
    public var progress: (@Sendable (Progress) -> Void)?

    /// How many students are graded, of how many.
    public struct Progress: Sendable, Equatable {
        public var graded: Int
        public var of: Int
    }

    public init(course: Course, toolchain: SwiftToolchain, options: Grader.Options = Grader.Options(), chapters: [Int]? = nil) {
        self.course = course
        self.toolchain = toolchain
        self.options = options
        self.chapters = chapters
    }

    /// The teacher's workbook root.
    public var root: URL { course.root }

    /// Students whose workspaces hold the same files (names, contents and links alike)
    /// are graded once, and each gets that grade: with paths named from the workspace
    /// (`pathsFromWorkspace`), nothing in a grade depends on where the files are. A grade
    /// that names its student's own folder all the same is not shared: each of the others
    /// is then graded on their own. (Untouched starters, copies of one answer: the 20
    /// students with files of the classroom bench's class are 11 different submissions.)
    public func grade(_ students: [StudentSubmission]) throws -> [StudentResult] {
        let done = Counter()
        let total = students.count
        let lanes = LanePool(count: width)
        Self.seedLaneBuilds(cache: Workbook.cacheFolder(root: root.standardizedFileURL), from: options.buildsFolderName, lanes: width)
        let keys = students.map { Self.contentKey($0.workspace) }
        let groups = Self.sameFiles(students, keys: keys)
        let first = try BlockingLanes.map(groups, width: width) { group in
            let graded = try gradeOne(students[group[0]], lanes: lanes)
            for _ in group { progress?(Progress(graded: done.next(), of: total)) }
            return graded
        }
        var results: [StudentResult?] = Array(repeating: nil, count: students.count)
        var alone: [Int] = []
        for (group, graded) in zip(groups, first) {
            results[group[0]] = StudentResult(student: students[group[0]], grades: graded.grades, seconds: graded.seconds,
                                              contentKey: keys[group[0]])
            results[group[0]]?.starterPasses = graded.starterPasses
            guard group.count > 1 else { continue }
            if let workspace = students[group[0]].workspace, Self.mentions(graded.grades, workspace) {
                alone += group.dropFirst()
                continue
            }
            for index in group.dropFirst() {
                results[index] = StudentResult(student: students[index], grades: graded.grades, seconds: 0,
                                               contentKey: keys[index], gradedWith: students[group[0]].name)
                results[index]?.starterPasses = graded.starterPasses
            }
        }
        let separately = try BlockingLanes.map(alone, width: width) { try gradeOne(students[$0], lanes: lanes) }
        for (index, graded) in zip(alone, separately) {
            results[index] = StudentResult(student: students[index], grades: graded.grades, seconds: graded.seconds,
                                           contentKey: keys[index])
            results[index]?.starterPasses = graded.starterPasses
        }
        return results.compactMap { $0 }
    }

    /// One student's grades, in a lane's build folders: each chapter graded, then graded
    /// again where a reference stands in for a failing file another exercise's tests reach
    /// (`ReferenceStandIns`), and the baselines of the failing exercises measured beside
    /// the student's own files (`StarterBaselines`).
    private func gradeOne(_ student: StudentSubmission, lanes: LanePool) throws
        -> (grades: [ChapterGrade], seconds: Double, starterPasses: [ExerciseID: Set<String>]) {
        let started = Date()
        var grades: [ChapterGrade] = []
        var baselines: [ExerciseID: Set<String>] = [:]
        if let workspace = student.workspace {
            let workbook = Workbook(course: course, exercisesFolder: workspace)
            // Each lane its own build folders: one student's module build never waits
            // for another's lock, and each lane builds incrementally on its last student.
            let lane = lanes.take()
            defer { lanes.give(lane) }
            var laneOptions = options
            laneOptions.buildsFolderName = CacheFolder.classLaneBuilds(lane)
            laneOptions.pathsFromWorkspace = true
            let grader = Grader(workbook: workbook, toolchain: toolchain, options: laneOptions)
            for chapter in workbook.chapters where chapters?.contains(chapter.number) ?? true {
                guard chapter.moduleName != nil, !chapter.exercises.isEmpty else { continue }
                let variant = ChapterVariant(workbook: workbook, chapter: chapter, options: laneOptions, toolchain: toolchain)
                let grade = try ReferenceStandIns(variant: variant).apply(to: try grader.grade(chapter))
                baselines.merge(try StarterBaselines(variant: variant).measure(grade)) { _, measured in measured }
                grades.append(grade)
            }
        }
        return (HiddenTestSource.removed(from: grades), Date().timeIntervalSince(started), baselines)
    }

    /// The students, as groups of indices whose files are the same (`keys`), each group
    /// in the class's order; a student with nothing to grade is a group of their own.
    static func sameFiles(_ students: [StudentSubmission], keys: [String]) -> [[Int]] {
        var groups: [[Int]] = []
        var groupOfKey: [String: Int] = [:]
        for index in students.indices {
            guard students[index].workspace != nil else { groups.append([index]); continue }
            if let group = groupOfKey[keys[index]] {
                groups[group].append(index)
            } else {
                groupOfKey[keys[index]] = groups.count
                groups.append([index])
            }
        }
        return groups
    }

    /// Whether any text of `grades` names `workspace` by its full path.
    static func mentions(_ grades: [ChapterGrade], _ workspace: URL) -> Bool {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        // The path as the JSON spells it (a quote or a backslash in it escaped).
        func spelled<T: Encodable>(_ value: T) -> String? { (try? encoder.encode(value)).flatMap { String(data: $0, encoding: .utf8) } }
        guard let text = spelled(grades) else { return true }
        return [workspace.standardizedFileURL.path, workspace.path].contains { path in
            guard let quoted = spelled(path) else { return true }
            return text.contains(quoted.dropFirst().dropLast())
        }
    }

    /// Starts each lane that has no build folder yet (`CacheFolder.classLaneBuilds`) from
    /// the prebuilt one (`make setup` and `verify` build every chapter's module there):
    /// without it the first student of each lane paid a whole-module build and its
    /// interface, 4 of a class's 26 module compiles on 2 processors (measured). Each
    /// module folder is copied under its lock, so a build going on beside it is never
    /// copied half done, and the lane's folder is moved into place whole (`CacheEntry`):
    /// one another grading made meanwhile stands. A folder that cannot be copied is
    /// simply built.
    static func seedLaneBuilds(cache: URL, from prebuilt: String, lanes: Int) {
        let manager = FileManager.default
        let source = cache.appendingPathComponent(prebuilt, isDirectory: true)
        // A grading killed while seeding left its scratch folders here.
        StaleScratch.sweep(cache)
        guard let modules = try? manager.contentsOfDirectory(atPath: source.path) else { return }
        for lane in 0..<lanes {
            let target = cache.appendingPathComponent(CacheFolder.classLaneBuilds(lane), isDirectory: true)
            _ = try? CacheEntry.wholeFolder(target).produce { scratch in
                for module in modules.sorted() where !module.hasPrefix(".") {
                    let folder = source.appendingPathComponent(module, isDirectory: true)
                    var isFolder: ObjCBool = false
                    guard manager.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue,
                          let lock = try? FolderLock(folder.appendingPathComponent("lock")) else { continue }
                    try? manager.copyItem(at: folder, to: scratch.appendingPathComponent(module, isDirectory: true))
                    lock.release()
                }
                return true
            }
        }
    }

    /// Every file of the workspace, by path and content; a symbolic link by where it
    /// points (a link is not the file it names: grading reads neither the same way).
    static func contentKey(_ workspace: URL?) -> String {
        guard let workspace else { return "" }
        var hash = ContentHash()
        let paths = (FileManager.default.enumerator(atPath: workspace.path)?.allObjects as? [String] ?? []).sorted()
        for path in paths {
            let url = workspace.appendingPathComponent(path)
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: url.path) {
                hash.combine(path)
                hash.combine("symbolic link to \(target)")
                continue
            }
            guard let data = FileManager.default.contents(atPath: url.path) else { continue }
            hash.combine(path)
            hash.combine(data)
        }
        return hash.hex
    }

    /// The tests each exercise's untouched starter passes, by exercise, with every other
    /// exercise at its starter too: the gradebook counts only the others, so an untouched
    /// starter scores 0 by construction (a failing exercise whose tests reach a student's
    /// written file has its own baseline instead: `StudentResult.starterPasses`). Graded
    /// like `verify` grades the starters (and cached the same way: once per chapter's
    /// content, not once per class).
    public func starterPasses() throws -> [ExerciseID: Set<String>] {
        let workbook = Workbook(course: course)
        var starters = Grader(workbook: workbook, toolchain: toolchain, options: options)
        starters.options.submissions = .starters
        starters.options.runStarters = true
        var passes: [ExerciseID: Set<String>] = [:]
        for chapter in workbook.chapters where chapters?.contains(chapter.number) ?? true {
            guard chapter.moduleName != nil, !chapter.exercises.isEmpty else { continue }
            for grade in try starters.grade(chapter).exercises {
                passes[grade.id] = Set(grade.tests.filter { $0.status == .pass }.map(\.name))
            }
        }
        return passes
    }

    /// The gradebook of `results`: every exercise of the graded chapters, in order;
    /// `starterPasses` (from `starterPasses()`) names the tests that earn nothing.
    public static func gradebook(_ results: [StudentResult], workbook: Workbook, chapters: [Int]?,
                                 starterPasses: [ExerciseID: Set<String>] = [:]) -> Gradebook {
        let graded = workbook.chapters.filter { chapters?.contains($0.number) ?? true }
            .flatMap(\.exercises).filter(\.isGradable)
        let points = Dictionary(graded.map { ($0.id, $0.points) }, uniquingKeysWith: { first, _ in first })
        let rows = results.map { result in
            var cells: [ExerciseID: Gradebook.Cell] = [:]
            for grade in result.grades.flatMap(\.exercises) {
                cells[grade.id] = Gradebook.cell(for: grade, possible: Double(points[grade.id] ?? 1),
                                                 starterPasses: result.starterPasses[grade.id] ?? starterPasses[grade.id] ?? [])
            }
            var row = Gradebook.Row(student: result.student.name, cells: cells, problem: result.student.problem)
            row.lookAt = result.grades.flatMap(\.exercises).flatMap { grade in grade.escapeHatches.map { "\(grade.id): \($0)" } }
            row.late = result.student.late
            return row
        }
        return Gradebook(exercises: graded.map { (id: $0.id, title: $0.title) }, rows: rows, points: points)
    }
}

/// Lane numbers, each held by one student's grading at a time.
private final class LanePool: Sendable {
    private let free: Mutex<[Int]>
    init(count: Int) { free = Mutex(Array((0..<max(1, count)).reversed())) }
    func take() -> Int { free.withLock { $0.popLast() ?? 0 } }
    func give(_ lane: Int) { free.withLock { $0.append(lane) } }
}

/// A count shared by the lanes.
private final class Counter: Sendable {
    private let value = Mutex(0)
    func next() -> Int { value.withLock { $0 += 1; return $0 } }
}
