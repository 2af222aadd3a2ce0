import Foundation
import WorkbookSystem
import WorkbookToolchain
import WorkbookModel

/// What an editor needs to understand the learner's files: one `compile_flags.txt` per
/// started chapter folder, and a VS Code task that runs `workbook check` on the open file.
///
/// Why `compile_flags.txt`: sourcekit-lsp finds it by walking up from the file it opens,
/// so it works with the editor opened on the repository (the package does not claim
/// `exercises/`, so sourcekit-lsp looks further) and on `exercises/` alone; its flags
/// apply to every Swift file in the folder, so a file the learner adds is understood at
/// once; and it needs no server or build of its own: `-I` points at the `Diner` and
/// `Stage` modules the grader has built in `.workbook/cache/` (their `.swiftsourceinfo`
/// lets jump-to-definition land in `Sources/Stage/…`).
public struct EditorConfiguration: Sendable {
    package static let flagsFileName = "compile_flags.txt"
    /// The first line of every file written here: only such files are ever rewritten.
    static let marker = "// Written by `workbook editor`; it rewrites this file. Remove this line to keep your own."

    public struct Report: Sendable, Equatable {
        /// Files written or brought up to date, in the order written.
        public var written: [URL] = []
        /// Files left alone because the learner made them their own.
        public var kept: [URL] = []
    }

    public let workbook: Workbook

    public init(workbook: Workbook) {
        self.workbook = workbook
    }

    /// The chapters the learner has started (their folder exists in the workspace).
    public var startedChapters: [Chapter] {
        workbook.chapters.filter { chapter in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: folder(of: chapter).path, isDirectory: &isFolder) && isFolder.boolValue
        }
    }

    public func folder(of chapter: Chapter) -> URL {
        workbook.exercisesFolder.appendingPathComponent(chapter.stem, isDirectory: true)
    }

    /// Builds `Diner` and `Stage` (or finds them in the grader's cache) and writes the
    /// editor's files for `chapters` (default: every started chapter).
    public func write(chapters: [Chapter]? = nil, toolchain: SwiftToolchain) throws -> Report {
        let builder = ModuleBuilder(toolchain: toolchain, cacheFolder: workbook.cacheFolder)
        let resolution = ImportableModules(root: workbook.root, builder: builder).build(WorkbookLayout.supportModules)
        if let broken = WorkbookLayout.supportModules.first(where: { resolution.failures[$0] != nil }) {
            throw WorkbookError.moduleDoesNotCompile(reason: resolution.failures[broken]!)
        }
        var report = Report()
        for chapter in chapters ?? startedChapters {
            guard let flags = flags(for: chapter, modules: resolution.modules) else { continue }
            let file = folder(of: chapter).appendingPathComponent(Self.flagsFileName)
            try writeIfChanged(flags.joined(separator: "\n") + "\n", to: file, into: &report)
        }
        for tasksFile in tasksFiles {
            try writeIfOurs(tasksJSON(), to: tasksFile, into: &report)
        }
        return report
    }

    /// Brings the learner's file list in an existing `compile_flags.txt` up to date
    /// without building anything (the module paths are kept): cheap enough for every
    /// `check`, so files added since `start` are known to the others.
    public func refreshFileList(of chapter: Chapter) {
        let file = folder(of: chapter).appendingPathComponent(Self.flagsFileName)
        guard let data = FileManager.default.contents(atPath: file.path) else { return }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        let learnerPrefix = folder(of: chapter).standardizedFileURL.path + "/"
        let kept = lines.filter { !$0.hasPrefix(learnerPrefix) }
        let text = (kept + learnerFiles(of: chapter).map(\.path)).joined(separator: "\n") + "\n"
        if text != String(decoding: data, as: UTF8.self) { try? AtomicFile.write(Data(text.utf8), to: file) }
    }

    /// The compiler's view of one chapter folder: the chapter's module with its support
    /// files from `Sources/` (everything but the reference solutions) and the learner's files.
    public func flags(for chapter: Chapter, modules: [ModuleBuilder.BuiltModule]) -> [String]? {
        guard let moduleName = chapter.moduleName else { return nil }
        let references = Set(chapter.exercises.compactMap(\.referenceFile).map { workbook.url($0).standardizedFileURL.path })
        let support = ModuleBuilder.sources(in: workbook.url(WorkbookLayout.moduleSources(moduleName)))
            .map(\.standardizedFileURL).filter { !references.contains($0.path) }
        return ["-module-name", moduleName] + SwiftToolchain.languageFlags.prefix(2)
            + modules.flatMap(\.compilerFlags) + support.map(\.path) + learnerFiles(of: chapter).map(\.path)
    }

    private func learnerFiles(of chapter: Chapter) -> [URL] {
        let folder = folder(of: chapter).standardizedFileURL
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".swift") && !$0.hasPrefix(".") }.sorted().map { folder.appendingPathComponent($0) }
    }

    /// `exercises/.vscode/` for an editor opened on the workspace, and the root's for one
    /// opened on the repository (when the workspace is the default one inside it).
    var tasksFiles: [URL] {
        var files = [workbook.exercisesFolder.appendingPathComponent(".vscode/tasks.json")]
        let root = workbook.root.standardizedFileURL.path + "/"
        if workbook.exercisesFolder.standardizedFileURL.path.hasPrefix(root) {
            files.append(workbook.root.appendingPathComponent(".vscode/tasks.json"))
        }
        return files
    }

    /// A `workbook check` task on the open file, whose `file:line:column: error:` lines
    /// land in the Problems panel. Runs from the root, so relative paths resolve there.
    package func tasksJSON() -> String {
        let root = jsonString(workbook.root.standardizedFileURL.path)
        let exercises = jsonString(workbook.exercisesFolder.standardizedFileURL.path)
        return """
        \(Self.marker)
        {
          "version": "2.0.0",
          "tasks": [
            {
              "label": "workbook check",
              "detail": "grade the exercise in the open file",
              "type": "process",
              "command": "workbook",
              "args": ["check", "${file}", "--root", \(root), "--exercises", \(exercises)],
              "options": { "cwd": \(root) },
              "group": { "kind": "test", "isDefault": true },
              "presentation": { "reveal": "always", "clear": true },
              "problemMatcher": {
                "owner": "workbook",
                "source": "workbook",
                "fileLocation": ["autoDetect", \(root)],
                "pattern": {
                  "regexp": "^\\\\s*(\\\\S.*?):(\\\\d+):(\\\\d+): (error|warning|note): (.*)$",
                  "file": 1, "line": 2, "column": 3, "severity": 4, "message": 5
                }
              }
            }
          ]
        }

        """
    }

    private func jsonString(_ text: String) -> String {
        let data = (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8)
        return String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\\/", with: "/")
    }

    private func writeIfChanged(_ text: String, to file: URL, into report: inout Report) throws {
        if FileManager.default.contents(atPath: file.path) == Data(text.utf8) { return }
        do {
            try AtomicFile.write(Data(text.utf8), to: file)
        } catch {
            throw WorkbookError.cannotWrite(path: workbook.displayPath(file), reason: "\(error.localizedDescription)")
        }
        report.written.append(file)
    }

    /// A file the learner has taken over (the marker line removed) is never rewritten.
    private func writeIfOurs(_ text: String, to file: URL, into report: inout Report) throws {
        if let existing = FileManager.default.contents(atPath: file.path),
           !String(decoding: existing, as: UTF8.self).hasPrefix(Self.marker) {
            report.kept.append(file)
            return
        }
        try writeIfChanged(text, to: file, into: &report)
    }
}
