import Foundation
import WorkbookGrading
import WorkbookModel
import WorkbookSystem

/// What the last `check` found for each exercise, kept for `hint`'s last step (the kind of
/// change, while the file is as it was then).
extension RepairProbe {
    /// The last finding for an exercise, kept with its file's content for `hint`.
    fileprivate struct LastFinding: Codable {
        var file: String
        var found: Localization
    }

    private static func lastFindingFile(_ id: ExerciseID, in workbook: Workbook) -> URL {
        workbook.cacheFolder.appendingPathComponent("locate").appendingPathComponent("last").appendingPathComponent("\(id).json")
    }

    func remember(_ found: Localization, for id: ExerciseID, in chapter: Chapter) {
        guard let exercise = chapter.exercise(id), let file = workbook.learnerFile(for: exercise, in: chapter),
              let data = FileManager.default.contents(atPath: file.path) else { return }
        let record = LastFinding(file: ContentHash.of([String(decoding: data, as: UTF8.self)]), found: found)
        let url = Self.lastFindingFile(id, in: workbook)
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        if let encoded = try? JSONEncoder().encode(record) { try? AtomicFile.write(encoded, to: url) }
    }

    /// What the last `check` found for `exercise`, while its file is as it was then.
    public static func lastFinding(for exercise: Exercise, in chapter: Chapter, workbook: Workbook) -> Localization? {
        let url = lastFindingFile(exercise.id, in: workbook)
        guard let file = workbook.learnerFile(for: exercise, in: chapter), let data = FileManager.default.contents(atPath: file.path),
              let stored = FileManager.default.contents(atPath: url.path),
              let record = try? JSONDecoder().decode(LastFinding.self, from: stored),
              record.file == ContentHash.of([String(decoding: data, as: UTF8.self)]) else { return nil }
        return record.found
    }
}
