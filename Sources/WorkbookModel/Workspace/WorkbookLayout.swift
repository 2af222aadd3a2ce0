import Foundation

/// Every path of a workbook's layout, in one place (as SwiftPM's `Workspace.Location`
/// owns a package's): where the chapters, the modules and their tests, the learner's
/// workspace, the tool's state and a command's default output live. Paths are relative to
/// the root; the URL helpers take it. Nothing else spells these names
/// (`WorkbookLayoutTests` reads the sources): 55 literals in 23 files before, two of them
/// naming the same place differently.
public enum WorkbookLayout {
    // MARK: The course

    /// The chapters' Markdown files (`chapters/NN-slug.md`).
    public static let chapters = "chapters"
    /// The chapters' hints, out of the reading path (`chapters/hints/NN-slug.md`).
    package static let hintsFolderName = "hints"
    /// The Swift modules: support, chapters, predictions.
    public static let sources = "Sources"
    /// The chapters' test targets (`Tests/<Module>Tests`).
    public static let tests = "Tests"
    /// The package manifest that names every target.
    public static let manifest = "Package.swift"
    /// Predict exercises' reference predictions (`Sources/Predictions/NN-slug/…`).
    public static let predictions = sources + "/Predictions"
    /// The support modules every chapter module builds on (`Sources/Diner`, `Sources/Stage`).
    package static let supportModules = ["Diner", "Stage"]
    /// A student release's marker file at the root.
    public static let releaseMarker = "workbook-release.json"

    /// `chapters/NN-slug.md`.
    package static func chapterFile(stem: String) -> String { "\(chapters)/\(stem).md" }
    /// `chapters/hints/NN-slug.md`.
    package static func hintsFile(stem: String) -> String { "\(chapters)/\(hintsFolderName)/\(stem).md" }
    /// The chapter file's name without `chapters/`, when `path` is one.
    package static func chapterFileName(_ path: String) -> String? {
        path.hasPrefix(chapters + "/") ? String(path.dropFirst(chapters.count + 1)) : nil
    }
    /// `Sources/<Module>`.
    public static func moduleSources(_ module: String) -> String { "\(sources)/\(module)" }
    /// The test target of a chapter module: `<Module>Tests`.
    package static func testTarget(of module: String) -> String { module + "Tests" }
    /// `Tests/<Module>Tests`.
    package static func moduleTests(_ module: String) -> String { "\(tests)/\(testTarget(of: module))" }
    /// What a chapter module's grade depends on, besides the learner's files: the support
    /// modules, the module's own sources and its tests.
    package static func gradingInputs(module: String) -> [String] {
        supportModules.map(moduleSources) + [moduleSources(module), moduleTests(module)]
    }
    /// Whether a reference file's path is in a module's sources (`Sources/<Module>/…`):
    /// the module's name, or nil.
    public static func module(ofSourceFile path: String) -> String? {
        let parts = path.split(separator: "/")
        guard parts.count >= 3, parts[0] == sources else { return nil }
        return String(parts[1])
    }
    /// `mutate`'s accepted survivors of a chapter (`Tests/Mutants/NN-slug.txt`).
    package static func acceptedMutants(stem: String) -> String { "\(tests)/Mutants/\(stem).txt" }

    // MARK: The learner's workspace

    /// The learner's workspace, unless `--exercises` names another.
    public static let workspace = "exercises"
    /// `exercises/NN-slug/File.swift`, or the chapter's folder without a file name.
    public static func learnerFile(stem: String, fileName: String? = nil) -> String {
        "\(workspace)/\(stem)/" + (fileName ?? "")
    }
    /// The workspace inside `folder` (a student's copy of the workbook).
    public static func workspace(in folder: URL) -> URL { folder.appendingPathComponent(workspace, isDirectory: true) }

    // MARK: The tool's state

    /// `.workbook/`: the tool's cache and the learner's state.
    public static let stateFolder = ".workbook"
    /// The state folder of the workbook at `root`.
    public static func stateFolder(root: URL) -> URL { root.appendingPathComponent(stateFolder, isDirectory: true) }
    /// `.workbook/cache/`: builds and cached results, safe to delete.
    public static func cacheFolder(root: URL) -> URL { stateFolder(root: root).appendingPathComponent("cache", isDirectory: true) }
    /// `.workbook/progress.json`, in a state folder.
    package static func progressFile(in stateFolder: URL) -> URL { stateFolder.appendingPathComponent("progress.json") }

    // MARK: What commands write by default

    /// `grade`'s gradebook, unless `--out` names another folder.
    public static let gradebook = "gradebook"
    /// A student's folder in a gradebook (`students/NAME/`), as a link and as a URL.
    public static let studentsFolder = "students"
    /// `render`'s handouts (`handouts/student`, `handouts/instructor`).
    public static let handouts = "handouts"

    /// The folders of the root no command writes into (`OutputPlace`).
    package static let protectedFolders = [chapters, sources, tests, stateFolder, ".git", "docs", "bench", "scripts"]
    /// The root's entries a linked copy of the workbook links to (`LinkedWorkbook`).
    package static let courseEntries = [chapters, manifest, sources, tests]
}
