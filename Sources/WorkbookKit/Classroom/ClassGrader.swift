import Foundation
import Synchronization
import WorkbookModel
import WorkbookSystem
import WorkbookToolchain

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
    }

    public let root: URL
    public let toolchain: SwiftToolchain
    public var options: Grader.Options
    /// The chapters to grade (numbers); nil for all.
    public var chapters: [Int]?
    /// Students graded at once: two per processor, because a student's grading spends
    /// most of its time waiting for its children (12 students on 2 processors: 3.2 s of
    /// CPU in 6.0 s with 2 lanes, 3.3 s with 4, measured).
    public var width = max(2, BlockingLanes.processors * 2)
    /// Told after each student: how many are done, of how many.
    public var progress: (@Sendable (Int, Int) -> Void)?

    public init(root: URL, toolchain: SwiftToolchain, options: Grader.Options = Grader.Options(), chapters: [Int]? = nil) {
        self.root = root
        self.toolchain = toolchain
        self.options = options
        self.chapters = chapters
    }

    public func grade(_ students: [StudentSubmission]) throws -> [StudentResult] {
        let done = Counter()
        let total = students.count
        let lanes = LanePool(count: width)
        Self.seedLaneBuilds(cache: Workbook.cacheFolder(root: root.standardizedFileURL), from: options.buildsFolderName, lanes: width)
        return try BlockingLanes.map(students, width: width) { student in
            let started = Date()
            var grades: [ChapterGrade] = []
            if let workspace = student.workspace {
                let workbook = try Workbook(root: root, exercisesFolder: workspace)
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
                    grades.append(try grader.grade(chapter))
                }
            }
            progress?(done.next(), total)
            return StudentResult(student: student, grades: grades, seconds: Date().timeIntervalSince(started),
                                 contentKey: Self.contentKey(student.workspace))
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

    /// Every file of the workspace, by path and content.
    static func contentKey(_ workspace: URL?) -> String {
        guard let workspace else { return "" }
        var hash = ContentHash()
        let paths = (FileManager.default.enumerator(atPath: workspace.path)?.allObjects as? [String] ?? []).sorted()
        for path in paths {
            let url = workspace.appendingPathComponent(path)
            guard let data = FileManager.default.contents(atPath: url.path) else { continue }
            hash.combine(path)
            hash.combine(data)
        }
        return hash.hex
    }

    /// The tests each exercise's untouched starter passes, by exercise: the gradebook
    /// counts only the others, so an untouched starter scores 0 by construction. Graded
    /// like `verify` grades the starters (and cached the same way: once per chapter's
    /// content, not once per class).
    public func starterPasses() throws -> [ExerciseID: Set<String>] {
        let workbook = try Workbook(root: root)
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
                                                 starterPasses: starterPasses[grade.id] ?? [])
            }
            var row = Gradebook.Row(student: result.student.name, cells: cells, problem: result.student.problem)
            row.lookAt = result.grades.flatMap(\.exercises).flatMap { grade in grade.escapeHatches.map { "\(grade.id): \($0)" } }
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
