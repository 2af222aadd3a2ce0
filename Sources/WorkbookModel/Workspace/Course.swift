import Foundation
import Synchronization
import WorkbookSystem

/// The course: a workbook root's chapters, parsed (with their exercises, references and
/// tests as the chapters name them). Parsed once per command and shared by every
/// workspace graded against it — a class's students, `mutate`'s workers, the repair
/// probe's bench — as `Workbook(course:exercisesFolder:)`: grading 3 students parsed
/// every chapter 4 times before (issue 57).
public struct Course: Sendable {
    /// The workbook's root folder.
    public let root: URL
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

    /// Parses every `chapters/*.md` below `root`.
    ///
    /// `whenParsed` is given each chapter as the course will hold it (hints attached,
    /// predictions expected), on the thread that parsed it, as soon as it is ready: work
    /// on one chapter (a render's cached snippet results) then runs while the others are
    /// still being parsed, rather than after all of them.
    public init(root: URL, whenParsed: (@Sendable (Chapter) -> Void)? = nil) throws(WorkbookError) {
        let files = WorkbookFiles(root: root)
        self.files = files
        self.root = files.root
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
            Self.parses.count(rootPath + path)
            let result = ChapterParser(path: path).parse(Array(data))
            guard var chapter = result.chapter else { return (nil, result.diagnostics) }
            let hints = HintsFile.attach(Self.hintsFile(forChapterAt: path, rootPath: rootPath), to: &chapter)
            // A release's prediction files are the starters: the answer is not there to expect.
            if !isRelease { Self.expectPredictions(in: &chapter, rootPath: rootPath) }
            whenParsed?(chapter)
            return (chapter, result.diagnostics + hints)
        }
        for (path, read) in zip(paths, parsed) {
            guard let read else { throw .unreadable(path: path, reason: "the file cannot be opened") }
            diagnostics += read.diagnostics
            if let chapter = read.chapter {
                chapters.append(chapter)
            } else if let name = WorkbookLayout.chapterFileName(path).flatMap(ChapterFileName.init) {
                unparsed.insert(name.number)
            }
        }
        self.unparsedChapterNumbers = unparsed
        diagnostics += Self.duplicateNumbers(chapters)
        self.chapters = chapters.sorted { ($0.number, $0.path) < ($1.number, $1.path) }
        self.diagnostics = diagnostics
    }

    private init(root: URL, chapters: [Chapter], diagnostics: [Diagnostic], unparsed: Set<Int>, isRelease: Bool) {
        self.files = WorkbookFiles(root: root)
        self.root = files.root
        self.chapters = chapters
        self.diagnostics = diagnostics
        self.unparsedChapterNumbers = unparsed
        self.isRelease = isRelease
    }

    /// The same course read at `root`, a workbook whose chapters, sources and tests are
    /// links to this one's (`LinkedWorkbook`): the chapters' paths are root-relative, so
    /// the parse holds there too.
    package func relocated(to root: URL) -> Course {
        Course(root: root, chapters: chapters, diagnostics: diagnostics, unparsed: unparsedChapterNumbers, isRelease: isRelease)
    }

    /// How many times each chapter file (by absolute path) was parsed in this process:
    /// the proof, in tests, that a command parses each chapter once. A count per path, so
    /// tests running side by side in their own folders do not see each other's.
    package static let parses = ParseCounts()

    package final class ParseCounts: Sendable {
        private let counts = Mutex<[String: Int]>([:])
        func count(_ path: String) { counts.withLock { $0[path, default: 0] += 1 } }
        /// Parses so far of each chapter file below `root`, by root-relative path.
        package func below(_ root: URL) -> [String: Int] {
            let prefix = root.standardizedFileURL.path + "/"
            return counts.withLock { counts in
                Dictionary(uniqueKeysWithValues: counts.filter { $0.key.hasPrefix(prefix) }.map { (String($0.key.dropFirst(prefix.count)), $0.value) })
            }
        }
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
}
