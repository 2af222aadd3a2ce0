import Foundation
import WorkbookModel
import WorkbookSystem
import WorkbookToolchain

/// The chapter modules as the learner wrote them, for the playground (`workbook run
/// FILE.swift`): each chapter module's support files with the learner's exercise files in
/// place of the references (a starter where the learner has no file yet). A learner
/// trying their own `sequence` sees their own code run, not the model answer.
public struct LearnerModules: Sendable {
    public let workbook: Workbook

    public init(workbook: Workbook) {
        self.workbook = workbook
    }

    /// Sources per chapter module name, and which exercises fell back to the starter.
    public struct Sources: Sendable {
        public var modules: [String: [URL]] = [:]
        /// `exercises/04-animation/` per module: where its files came from, for the report.
        public var folders: [String: String] = [:]
        public var startersUsed: [String: [String]] = [:]

        public init() {}
    }

    public func sources(for moduleNames: [String]) throws -> Sources {
        var result = Sources()
        for chapter in workbook.chapters {
            guard let name = chapter.moduleName, moduleNames.contains(name) else { continue }
            let folder = workbook.url("Sources/\(name)")
            let references = Set(chapter.exercises.compactMap(\.referenceFile).map { workbook.url($0).standardizedFileURL.path })
            var files = ModuleBuilder.sources(in: folder).filter { !references.contains($0.standardizedFileURL.path) }
            for exercise in chapter.exercises where exercise.referenceFile != nil {
                if let file = workbook.learnerFile(for: exercise, in: chapter), FileManager.default.fileExists(atPath: file.path) {
                    files.append(file)
                } else {
                    // Written where grading keeps starters, named as the learner's file would be.
                    let starter = workbook.cacheFolder.appendingPathComponent("starters").appendingPathComponent(chapter.stem)
                        .appendingPathComponent(exercise.fileName ?? "Ex\(exercise.id.number).swift")
                    let text = try workbook.starter(for: exercise)
                    if FileManager.default.contents(atPath: starter.path).map({ String(decoding: $0, as: UTF8.self) }) != text {
                        try AtomicFile.write(text, to: starter)
                    }
                    files.append(starter)
                    result.startersUsed[name, default: []].append(exercise.id.description)
                }
            }
            result.modules[name] = files
            result.folders[name] = workbook.displayPath(workbook.exercisesFolder.appendingPathComponent(chapter.stem)) + "/"
        }
        return result
    }
}
