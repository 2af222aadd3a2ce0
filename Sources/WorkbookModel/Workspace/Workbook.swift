import Foundation
import WorkbookSystem

/// A workbook on disk: the course (the root folder, with `chapters/` and `Package.swift`,
/// and its chapters parsed) and the learner's workspace folder.
public struct Workbook: Sendable {
    /// The chapters, parsed once (`Course`), whichever workspace is graded against them.
    public let course: Course
    /// The learner's workspace (`exercises/` unless told otherwise).
    public let exercisesFolder: URL

    /// The workbook's root folder.
    public var root: URL { course.root }
    /// The chapters that parsed well enough to use, by number.
    public var chapters: [Chapter] { course.chapters }
    /// Everything that parsing the chapters reported.
    public var diagnostics: [Diagnostic] { course.diagnostics }
    /// Numbers of chapter files too broken to parse (their names still say the number).
    public var unparsedChapterNumbers: Set<Int> { course.unparsedChapterNumbers }
    /// Reading the workbook's own files.
    public var files: WorkbookFiles { course.files }
    /// A student release (`workbook-release.json` at the root).
    public var isRelease: Bool { course.isRelease }

    /// Parses every `chapters/*.md` below `root` (`Course(root:whenParsed:)`).
    public init(root: URL, exercisesFolder: URL? = nil, whenParsed: (@Sendable (Chapter) -> Void)? = nil) throws(WorkbookError) {
        self.init(course: try Course(root: root, whenParsed: whenParsed), exercisesFolder: exercisesFolder)
    }

    /// `course` with the workspace `exercisesFolder` (the root's `exercises/` when nil):
    /// nothing is parsed again.
    public init(course: Course, exercisesFolder: URL? = nil) {
        self.course = course
        self.exercisesFolder = (exercisesFolder ?? WorkbookLayout.workspace(in: course.root)).standardizedFileURL
    }

    /// The nearest folder at or above `start` that holds `chapters/` and `Package.swift`.
    public static func findRoot(from start: URL) throws(WorkbookError) -> URL {
        var folder = start.standardizedFileURL
        while true {
            let manager = FileManager.default
            var isDirectory: ObjCBool = false
            if manager.fileExists(atPath: folder.appendingPathComponent(WorkbookLayout.chapters).path, isDirectory: &isDirectory),
               isDirectory.boolValue,
               manager.fileExists(atPath: folder.appendingPathComponent(WorkbookLayout.manifest).path) {
                return folder
            }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { throw .rootNotFound(startingAt: start.path) }
            folder = parent
        }
    }

    /// `chapters/…md`, sorted by name.
    static func chapterPaths(in root: URL) throws(WorkbookError) -> [String] {
        let folder = root.appendingPathComponent(WorkbookLayout.chapters)
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        } catch {
            throw .unreadable(path: WorkbookLayout.chapters, reason: "no chapters folder")
        }
        return names.filter { $0.hasSuffix(".md") }.sorted().map { WorkbookLayout.chapters + "/" + $0 }
    }

    // MARK: Finding things

    /// The chapter numbered `text` (`3` or `03`), or an error listing the chapters.
    public func chapter(_ text: String) throws(WorkbookError) -> Chapter {
        guard let number = Int(text), let chapter = chapters.first(where: { $0.number == number }) else {
            throw .unknownChapter(text, valid: chapters.map(\.number))
        }
        return chapter
    }

    /// The exercise `N.M`, or an error listing the valid ids.
    public func exercise(_ text: String) throws(WorkbookError) -> (Chapter, Exercise) {
        let all = chapters.flatMap(\.exercises).map(\.id)
        guard let id = ExerciseID(text) else { throw .unknownExercise(text, valid: all) }
        for chapter in chapters where chapter.number == id.chapter {
            if let exercise = chapter.exercise(id) { return (chapter, exercise) }
        }
        throw .unknownExercise(text, valid: all)
    }

    // MARK: Files

    /// An absolute URL for a root-relative path.
    public func url(_ relativePath: String) -> URL { root.appendingPathComponent(relativePath) }

    /// The learner's copy of an exercise: `exercises/NN-slug/<reference file name>`.
    public func learnerFile(for exercise: Exercise, in chapter: Chapter) -> URL? {
        exercise.fileName.map { exercisesFolder.appendingPathComponent(chapter.stem).appendingPathComponent($0) }
    }

    /// A path for messages: relative to the root when inside it, absolute otherwise.
    public func displayPath(_ url: URL) -> String {
        let path = url.standardizedFileURL.path
        let prefix = root.path.hasSuffix("/") ? root.path : root.path + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// The starter of an exercise, derived from its reference file.
    public func starter(for exercise: Exercise) throws(WorkbookError) -> String {
        try files.starter(for: exercise)
    }

    /// Reads a root-relative text file.
    public func read(_ relativePath: String) throws(WorkbookError) -> String {
        try files.read(relativePath)
    }
}
