import Foundation
import Testing
import WorkbookModel

/// A fresh copy of `Tests/Fixtures/GradingWorkbook` in a temporary folder: two small
/// chapters (1: three exercises; 2: one exercise per fault), no support modules.
public enum GradingFixture {
    public static let source = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/GradingWorkbook")

    /// `sharingTestObjects`: the copy's tests' objects are the test process's shared ones
    /// (`SeededModules.shareTestObjects`); false for a test that counts what is compiled.
    public static func copy(sharingTestObjects: Bool = true) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wb-grading-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: source, to: folder)
        try SeededModules.shareToolchainFacts(folder)
        try SeededModules.shareModules(folder)
        if sharingTestObjects { try SeededModules.shareTestObjects(folder) }
        return folder
    }

    /// `chapter`'s references copied into `workbook`'s workspace, as by a learner who
    /// solved every exercise: the folder of the chapter's exercise files.
    public static func solve(_ chapter: Chapter, in workbook: Workbook) throws -> URL {
        let folder = workbook.exercisesFolder.appendingPathComponent(chapter.stem)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for exercise in chapter.exercises {
            try FileManager.default.copyItem(at: workbook.url(exercise.referenceFile!), to: folder.appendingPathComponent(exercise.fileName!))
        }
        return folder
    }

    /// Copies the fixture's faulty submissions for chapter 2 into the workspace.
    public static func installFaults(in root: URL) throws {
        try install("02-faults", in: root)
    }

    /// Copies the fixture's hostile submissions for chapter 3 into the workspace.
    public static func installHostile(in root: URL) throws {
        try install("03-hostile", in: root)
    }

    private static func install(_ stem: String, in root: URL) throws {
        let target = root.appendingPathComponent("exercises/\(stem)")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        let folder = root.appendingPathComponent("Submissions/\(stem)")
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            try FileManager.default.copyItem(at: folder.appendingPathComponent(name), to: target.appendingPathComponent(name))
        }
    }

    /// Every file below `folder` with its content: to prove a command left them alone.
    public static func snapshot(_ folder: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        for path in FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? [] {
            let url = folder.appendingPathComponent(path)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[path] = FileManager.default.contents(atPath: url.path)
            }
        }
        return files
    }

    /// Processes whose command line contains `marker`.
    public static func processes(matching marker: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.filter { Int($0) != nil }.compactMap { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return nil }
            let line = String(decoding: data.map { $0 == 0 ? 32 : $0 }, as: UTF8.self)
            return line.contains(marker) ? line : nil
        }
    }
}
