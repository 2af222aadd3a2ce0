import Foundation
import WorkbookModel
import WorkbookClassroom

/// What goes into a student release (`workbook release`), decided before anything is
/// written: the chapters chosen, and every file with its content — copied from the
/// teacher's workbook or made for the release. In it: the chapters as a student reads them
/// (`ReleaseChapterText`) and their hints; the tool's sources and Diner and Stage as they
/// are; each chapter module's support files, and its exercises' starters where the
/// references were; the prediction starters; the visible tests (no `Hidden/`); the starters
/// again under `exercises/`, tracked by git; the Classroom workflow; a `Package.swift`,
/// `Makefile`, `README.md` and `.gitignore` for students; and `workbook-release.json`.
/// Not in it: references, prediction answers, hidden tests, the engine's tests and their
/// fixtures, the mutants, the authors' scripts and benches.
public struct ReleaseManifest: Sendable {
    public enum Content: Sendable, Equatable {
        /// A file of the teacher's workbook, copied byte for byte.
        case copy(URL)
        /// Made for the release.
        case text(String)
    }

    public struct Entry: Sendable, Equatable {
        /// Relative to the release's root.
        public var path: String
        public var content: Content

        /// The bytes that will be written.
        public func data() throws -> Data {
            switch content {
            case .text(let text): return Data(text.utf8)
            case .copy(let url):
                guard let data = FileManager.default.contents(atPath: url.path) else {
                    throw WorkbookError.unreadable(path: url.path, reason: "the file cannot be opened")
                }
                return data
            }
        }
    }

    public let chapters: [Chapter]
    /// Every file, sorted by path; the marker (`marker`) is written besides.
    public internal(set) var entries: [Entry]

    public var marker: ReleaseMarker {
        ReleaseMarker(version: WorkbookVersion.current, chapters: chapters.map(\.number), files: entries.map(\.path))
    }

    /// The release of `chapters` (default: every chapter) of `workbook`.
    public init(workbook: Workbook, chapters chosen: [Chapter]? = nil) throws {
        if workbook.isRelease {
            throw WorkbookError.unreadable(path: ReleaseMarker.fileName,
                                           reason: "this workbook is a student release already; make a release from the teacher's workbook, which has the references")
        }
        let chapters = (chosen ?? workbook.chapters).sorted { $0.number < $1.number }
        self.chapters = chapters
        var entries: [Entry] = []
        func copy(_ path: String) { entries.append(Entry(path: path, content: .copy(workbook.url(path)))) }

        for folder in ReleasePackageManifest.toolFolders {
            for path in Self.files(under: WorkbookLayout.moduleSources(folder), in: workbook) { copy(path) }
        }
        for chapter in chapters {
            let source = try workbook.read(chapter.path)
            entries.append(Entry(path: chapter.path, content: .text(ReleaseChapterText.text(of: chapter, source: source))))
            if FileManager.default.fileExists(atPath: workbook.url(chapter.hintsPath).path) { copy(chapter.hintsPath) }
            var references: Set<String> = []
            for exercise in chapter.exercises {
                guard let reference = exercise.referenceFile, let fileName = exercise.fileName else { continue }
                let starter = try workbook.starter(for: exercise)
                references.insert(reference)
                entries.append(Entry(path: reference, content: .text(starter)))
                entries.append(Entry(path: WorkbookLayout.learnerFile(stem: chapter.stem, fileName: fileName), content: .text(starter)))
            }
            if let module = chapter.moduleName {
                for path in Self.files(under: WorkbookLayout.moduleSources(module), in: workbook) where !references.contains(path) { copy(path) }
                for path in Self.files(under: WorkbookLayout.moduleTests(module), in: workbook) where !HiddenTests.isHidden(path) { copy(path) }
            }
        }
        let steps = ClassroomWorkflow.steps(for: chapters)
        entries.append(Entry(path: ".github/workflows/classroom.yml", content: .text(ClassroomWorkflow.yaml(steps))))
        entries.append(Entry(path: WorkbookLayout.manifest, content: .text(ReleasePackageManifest.text)))
        let makefile = (try? workbook.read("Makefile")).map(ReleaseMakefile.text(from:))
        if let makefile { entries.append(Entry(path: "Makefile", content: .text(makefile))) }
        entries.append(Entry(path: "README.md", content: .text(StudentReadme.text(chapters: chapters, swiftVersion: ClassroomWorkflow.swiftVersion))))
        entries.append(Entry(path: ".gitignore", content: .text(Self.gitignore)))
        // Later entries of a path win: a reference file replaced by its starter.
        var byPath: [String: Entry] = [:]
        for entry in entries { byPath[entry.path] = entry }
        self.entries = byPath.values.sorted { $0.path < $1.path }
    }

    /// What git leaves out of a student's commits: builds and the tool's own state. Not
    /// `exercises/`: that is the student's work, and `git add -A` must commit it.
    static let gitignore = """
    .build/
    /.workbook/
    /gradebook/
    /.vscode/
    # Written by `workbook editor` (its paths are this machine's).
    /exercises/.vscode/
    /exercises/**/compile_flags.txt
    *.swp
    .DS_Store

    """

    /// Every file below `folder` (root-relative), root-relative and sorted.
    static func files(under folder: String, in workbook: Workbook) -> [String] {
        let base = workbook.url(folder)
        guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
        var found: [String] = []
        let prefix = base.standardizedFileURL.path + "/"
        for case let url as URL in walker {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
            let path = url.standardizedFileURL.path
            guard path.hasPrefix(prefix), !url.lastPathComponent.hasPrefix(".") else { continue }
            found.append(folder + "/" + String(path.dropFirst(prefix.count)))
        }
        return found.sorted()
    }
}
