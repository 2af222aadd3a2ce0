import Foundation
import WorkbookSystem

/// A workbook on disk: the root folder (with `chapters/` and `Package.swift`), its
/// chapters, and the learner's workspace folder.
public struct Workbook: Sendable {
    /// The workbook's root folder.
    public let root: URL
    /// The learner's workspace (`exercises/` unless told otherwise).
    public let exercisesFolder: URL
    /// The chapters that parsed well enough to use, by number.
    public let chapters: [Chapter]
    /// Everything that parsing the chapters reported.
    public let diagnostics: [Diagnostic]
    /// Numbers of chapter files too broken to parse (their names still say the number).
    public let unparsedChapterNumbers: Set<Int>
    /// Reading the workbook's own files.
    public let files: WorkbookFiles
    /// A student release (`workbook-release.json` at the root): its module files are the
    /// starters, and it has no references, prediction answers or hidden tests.
    public let isRelease: Bool

    /// Loads every `chapters/*.md` below `root`.
    ///
    /// `whenParsed` is given each chapter as this workbook will hold it (hints attached,
    /// predictions expected), on the thread that parsed it, as soon as it is ready: work
    /// on one chapter (a render's cached snippet results) then runs while the others are
    /// still being parsed, rather than after all of them.
    public init(root: URL, exercisesFolder: URL? = nil, whenParsed: (@Sendable (Chapter) -> Void)? = nil) throws(WorkbookError) {
        let files = WorkbookFiles(root: root)
        self.files = files
        self.root = files.root
        self.exercisesFolder = (exercisesFolder ?? root.appendingPathComponent("exercises")).standardizedFileURL
        let isRelease = ReleaseMarker.read(at: self.root) != nil
        self.isRelease = isRelease
        var chapters: [Chapter] = []
        var diagnostics: [Diagnostic] = []
        var unparsed: Set<Int> = []
        let paths = try Workbook.chapterPaths(in: self.root)
        let rootPath = files.rootPath
        // The chapters are parsed side by side, each finished on its own thread; nil: the
        // file cannot be read.
        let parsed = ParallelWork.map(paths) { path -> (chapter: Chapter?, diagnostics: [Diagnostic])? in
            guard let data = FileManager.default.contents(atPath: rootPath + path) else { return nil }
            let result = ChapterParser(path: path).parse(Array(data))
            guard var chapter = result.chapter else { return (nil, result.diagnostics) }
            let hints = HintsFile.attach(Workbook.hintsFile(forChapterAt: path, rootPath: rootPath), to: &chapter)
            // A release's prediction files are the starters: the answer is not there to expect.
            if !isRelease { Workbook.expectPredictions(in: &chapter, rootPath: rootPath) }
            whenParsed?(chapter)
            return (chapter, result.diagnostics + hints)
        }
        for (path, read) in zip(paths, parsed) {
            guard let read else { throw .unreadable(path: path, reason: "the file cannot be opened") }
            diagnostics += read.diagnostics
            if let chapter = read.chapter {
                chapters.append(chapter)
            } else if let name = ChapterFileName(String(path.dropFirst("chapters/".count))) {
                unparsed.insert(name.number)
            }
        }
        self.unparsedChapterNumbers = unparsed
        diagnostics += Workbook.duplicateNumbers(chapters)
        self.chapters = chapters.sorted { ($0.number, $0.path) < ($1.number, $1.path) }
        self.diagnostics = diagnostics
    }

    /// The chapter's hints file, parsed; nil when there is none (then every exercise is
    /// reported as having no hints).
    private static func hintsFile(forChapterAt path: String, rootPath: String) -> HintsFile? {
        let hintsPath = Chapter.hintsPath(forChapterAt: path)
        return FileManager.default.contents(atPath: rootPath + hintsPath)
            .map { HintsFile(path: hintsPath, text: String(decoding: $0, as: UTF8.self)) }
    }

    /// A predict exercise's program is expected to print its reference prediction, so
    /// `workbook run` (and `verify`) prove that the reference is the real output.
    private static func expectPredictions(in chapter: inout Chapter, rootPath: String) {
        for exercise in chapter.exercises where exercise.kind.judge == .prediction {
            guard let reference = exercise.referenceFile, let line = exercise.programLine,
                  let data = FileManager.default.contents(atPath: rootPath + reference),
                  let solution = try? SolutionMarkers.solution(from: String(decoding: data, as: UTF8.self), path: reference),
                  let index = chapter.snippets.firstIndex(where: { $0.location.line == line }) else { continue }
            chapter.snippets[index].expectedOutput = Prediction(fileText: solution).text
        }
    }

    /// The nearest folder at or above `start` that holds `chapters/` and `Package.swift`.
    public static func findRoot(from start: URL) throws(WorkbookError) -> URL {
        var folder = start.standardizedFileURL
        while true {
            let manager = FileManager.default
            var isDirectory: ObjCBool = false
            if manager.fileExists(atPath: folder.appendingPathComponent("chapters").path, isDirectory: &isDirectory),
               isDirectory.boolValue,
               manager.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                return folder
            }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { throw .rootNotFound(startingAt: start.path) }
            folder = parent
        }
    }

    /// `chapters/…md`, sorted by name.
    static func chapterPaths(in root: URL) throws(WorkbookError) -> [String] {
        let folder = root.appendingPathComponent("chapters")
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        } catch {
            throw .unreadable(path: "chapters", reason: "no chapters folder")
        }
        return names.filter { $0.hasSuffix(".md") }.sorted().map { "chapters/\($0)" }
    }

    private static func duplicateNumbers(_ chapters: [Chapter]) -> [Diagnostic] {
        var first: [Int: Chapter] = [:]
        var diagnostics: [Diagnostic] = []
        for chapter in chapters.sorted(by: { $0.path < $1.path }) {
            if let earlier = first[chapter.number] {
                diagnostics.append(Diagnostic(
                    at: SourceLocation(path: chapter.path, line: 1),
                    "chapter number \(chapter.number) is taken by \(earlier.path); renumber one of them"))
            } else {
                first[chapter.number] = chapter
            }
        }
        return diagnostics
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
