import Foundation

extension Workbook {
    /// The exercise a learner's file answers: `exercises/03-queues/Ex2_LoadInventory.swift`
    /// is 3.2. Matched by its chapter folder and file name, so an editor's absolute path
    /// and a relative one both work, from any workspace.
    public func exercise(forFile file: URL) throws(WorkbookError) -> (Chapter, Exercise) {
        let name = file.lastPathComponent
        let folder = file.deletingLastPathComponent().lastPathComponent
        for chapter in chapters where chapter.stem == folder {
            if let exercise = chapter.exercises.first(where: { $0.fileName == name }) { return (chapter, exercise) }
        }
        throw .unknownExercise(file.path, valid: chapters.flatMap(\.exercises).map(\.id))
    }
}
