import Foundation
import WorkbookModel
import WorkbookSystem
import WorkbookToolchain

/// The chapter modules as the learner wrote them, for the playground (`workbook run
/// FILE.swift`): each chapter module's support files with the learner's exercise files in
/// place of the references (a starter where the learner has no file yet). A learner
/// trying their own `sequence` sees their own code run, not the model answer.
///
/// A chapter is worked through one exercise at a time, so some file of it often does not
/// compile (a compile exercise's starter never does, by design). Such a file is left out
/// of the module — its starter stands in when that compiles, else nothing — so that
/// `import ChapterNN…` works at every stage; `Sources.leftOut` says which, for the report.
public struct LearnerModules: Sendable {
    public let workbook: Workbook

    public init(workbook: Workbook) {
        self.workbook = workbook
    }

    /// An exercise file that is not in the module as the learner wrote it.
    public struct LeftOut: Sendable, Equatable {
        public enum StandIn: Sendable, Equatable {
            /// The starter's declarations are in the module instead.
            case starter
            /// None of the exercise's declarations are.
            case nothing
        }

        public var exercise: String
        /// The learner's file as the learner names it (`exercises/01-blocks/Ex8_TapCounter.swift`).
        public var file: String
        public var standIn: StandIn
        /// Why: "does not compile" (with the compiler's first error) or "is the starter, which does not compile by design".
        public var reason: String
    }

    /// Sources per chapter module name, and which exercises fell back to the starter.
    public struct Sources: Sendable {
        public var modules: [String: [URL]] = [:]
        /// `exercises/04-animation/` per module: where its files came from, for the report.
        public var folders: [String: String] = [:]
        /// Exercises with no learner file yet, whose starter is in the module.
        public var startersUsed: [String: [String]] = [:]
        /// Exercise files left out because they do not compile, per module.
        public var leftOut: [String: [LeftOut]] = [:]

        public init() {}
    }

    /// One exercise's file in a module: the learner's (or the starter when there is none).
    private struct Slot {
        var exercise: Exercise
        var file: URL
        var starter: URL
        var isLearners: Bool
        var isStarterText: Bool
    }

    /// The files of each module named, as the learner has them; nothing is compiled.
    public func sources(for moduleNames: [String]) throws -> Sources {
        var result = Sources()
        for (name, chapter, support, slots) in try layout(moduleNames) {
            result.modules[name] = support + slots.map(\.file)
            result.folders[name] = workbook.displayPath(workbook.exercisesFolder.appendingPathComponent(chapter.stem)) + "/"
            result.startersUsed[name] = slots.filter { !$0.isLearners }.map(\.exercise.id.description).nilIfEmpty
        }
        return result
    }

    /// The files of each module named, with every exercise file that does not compile left
    /// out (its starter in its place when that compiles). Builds the modules through
    /// `runner`'s module cache, so the playground's own build afterwards finds them there.
    public func compilingSources(for moduleNames: [String], runner: SnippetRunner) throws -> Sources {
        var result = Sources()
        for (name, chapter, support, initialSlots) in try layout(moduleNames) {
            var slots: [Slot?] = initialSlots
            var leftOut: [LeftOut] = []
            // A compile exercise's starter does not compile by design (`verify` proves it):
            // left out without a build that would only say so.
            for index in slots.indices {
                guard let slot = slots[index], !slot.exercise.kind.starterCompiles, slot.isStarterText else { continue }
                leftOut.append(LeftOut(exercise: slot.exercise.id.description, file: display(slot), standIn: .nothing,
                                       reason: "is still the starter, which does not compile until the exercise is done"))
                slots[index] = nil
            }
            // Each round leaves out (or swaps for its starter) at least one more file.
            for _ in 0...initialSlots.count {
                let files = support + slots.compactMap { $0?.file }
                let resolution = runner.modules.overriding([name: files]).build([name])
                guard let failure = resolution.failures[name] else { break }
                let failing = CompilerDiagnostics(failure).filesWithErrors.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
                let culprits = slots.indices.filter { index in
                    slots[index].map { failing.contains($0.file.standardizedFileURL.path) } ?? false
                }
                // Errors only in the support files or the modules below: nothing to leave out.
                guard !culprits.isEmpty else { break }
                for index in culprits {
                    guard var slot = slots[index] else { continue }
                    let path = slot.file.standardizedFileURL.path
                    let firstError = CompilerDiagnostics(failure).entries.first { $0.severity == "error" && $0.path == path }
                        .map { entry in shorten(entry.text.split(separator: "\n").first.map(String.init) ?? entry.text) }
                    let reason = "does not compile" + (firstError.map { " (\($0))" } ?? "")
                    if slot.isLearners, !slot.isStarterText, slot.exercise.kind.starterCompiles {
                        leftOut.append(LeftOut(exercise: slot.exercise.id.description, file: display(slot), standIn: .starter, reason: reason))
                        slot.file = slot.starter
                        slot.isLearners = false
                        slot.isStarterText = true
                        slots[index] = slot
                    } else if let known = leftOut.firstIndex(where: { $0.exercise == slot.exercise.id.description }) {
                        // Its starter did not compile either (against the others' code).
                        leftOut[known].standIn = .nothing
                        slots[index] = nil
                    } else {
                        leftOut.append(LeftOut(exercise: slot.exercise.id.description, file: display(slot), standIn: .nothing, reason: reason))
                        slots[index] = nil
                    }
                }
            }
            let kept = slots.compactMap { $0 }
            result.modules[name] = support + kept.map(\.file)
            result.folders[name] = workbook.displayPath(workbook.exercisesFolder.appendingPathComponent(chapter.stem)) + "/"
            result.startersUsed[name] = initialSlots.filter { slot in
                !slot.isLearners && !leftOut.contains { $0.exercise == slot.exercise.id.description }
            }.map(\.exercise.id.description).nilIfEmpty
            result.leftOut[name] = leftOut.nilIfEmpty
        }
        return result
    }

    /// Each module's support files (everything in `Sources/<Module>/` but the references)
    /// and one slot per exercise of that module. A predict exercise's prediction is no
    /// Swift source and belongs to no module: it is never among them.
    private func layout(_ moduleNames: [String]) throws -> [(String, Chapter, [URL], [Slot])] {
        var modules: [(String, Chapter, [URL], [Slot])] = []
        for chapter in workbook.chapters {
            guard let name = chapter.moduleName, moduleNames.contains(name) else { continue }
            let folder = workbook.url(WorkbookLayout.moduleSources(name))
            let references = Set(chapter.exercises.compactMap(\.referenceFile).map { workbook.url($0).standardizedFileURL.path })
            let support = ModuleBuilder.sources(in: folder).filter { !references.contains($0.standardizedFileURL.path) }
            var slots: [Slot] = []
            for exercise in chapter.exercises where exercise.moduleName == name && exercise.fileName?.hasSuffix(".swift") == true {
                let text = try workbook.starter(for: exercise)
                // Written where grading keeps starters, named as the learner's file would be.
                let starter = CacheFolder.starters.url(in: workbook.cacheFolder).appendingPathComponent(chapter.stem)
                    .appendingPathComponent(exercise.fileName ?? "Ex\(exercise.id.number).swift")
                if FileManager.default.contents(atPath: starter.path).map({ String(decoding: $0, as: UTF8.self) }) != text {
                    try AtomicFile.write(text, to: starter)
                }
                if let file = workbook.learnerFile(for: exercise, in: chapter), let data = FileManager.default.contents(atPath: file.path) {
                    slots.append(Slot(exercise: exercise, file: file, starter: starter, isLearners: true,
                                      isStarterText: String(decoding: data, as: UTF8.self) == text))
                } else {
                    slots.append(Slot(exercise: exercise, file: starter, starter: starter, isLearners: false, isStarterText: true))
                }
            }
            modules.append((name, chapter, support, slots))
        }
        return modules
    }

    /// The learner's name for a slot's file, even when it is the cached starter.
    private func display(_ slot: Slot) -> String {
        let chapterFolder = slot.starter.deletingLastPathComponent().lastPathComponent
        return workbook.displayPath(workbook.exercisesFolder.appendingPathComponent(chapterFolder)
            .appendingPathComponent(slot.exercise.fileName ?? slot.file.lastPathComponent))
    }

    /// Absolute paths in a compiler line → paths as the learner names them.
    private func shorten(_ text: String) -> String {
        let starters = CacheFolder.starters.url(in: workbook.cacheFolder).standardizedFileURL.path + "/"
        let root = workbook.root.standardizedFileURL.path + "/"
        return text.replacingOccurrences(of: starters, with: workbook.displayPath(workbook.exercisesFolder) + "/")
            .replacingOccurrences(of: root, with: "")
    }
}

private extension Array {
    var nilIfEmpty: [Element]? { isEmpty ? nil : self }
}
