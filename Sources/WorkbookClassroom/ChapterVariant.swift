import Foundation
import WorkbookModel
import WorkbookSystem
import WorkbookToolchain
import WorkbookGrading

/// A student's chapter graded again with some exercises' files replaced: a reference
/// standing in for a failing file (`ReferenceStandIns`), a starter measured among the
/// student's other files (`StarterBaselines`). The files are written under the cache in a
/// folder named by their content, so the grader's own result cache (keyed by content and
/// path) shares one measurement among the students whose files are the same.
struct ChapterVariant {
    /// The student's workbook (their workspace) and the chapter graded.
    let workbook: Workbook
    let chapter: Chapter
    /// The lane's options (`pathsFromWorkspace` on: the variant's paths read as the student's).
    let options: Grader.Options
    let toolchain: SwiftToolchain

    /// The chapter graded with `files` (by exercise: the text to grade, or nil for the
    /// student's file as submitted); an exercise left out is graded at its starter.
    func grade(_ files: [ExerciseID: String?], runStarters: Bool) throws -> ChapterGrade {
        var texts: [(name: String, data: Data)] = []
        for exercise in chapter.exercises {
            guard let wanted = files[exercise.id], let name = exercise.fileName else { continue }
            if let text = wanted {
                texts.append((name, Data(text.utf8)))
            } else if let file = workbook.learnerFile(for: exercise, in: chapter), let data = FileManager.default.contents(atPath: file.path) {
                texts.append((name, data))
            }
        }
        var hash = ContentHash()
        hash.combine(chapter.stem)
        for (name, data) in texts.sorted(by: { $0.name < $1.name }) {
            hash.combine(name)
            hash.combine(data)
        }
        let workspace = CacheFolder.classVariants.url(in: workbook.cacheFolder)
            .appendingPathComponent(hash.hex, isDirectory: true)
        let folder = workspace.appendingPathComponent(chapter.stem, isDirectory: true)
        for (name, data) in texts {
            let file = folder.appendingPathComponent(name)
            // Written whole, or left as another lane wrote it: same name, same content.
            if FileManager.default.contents(atPath: file.path) != data { try AtomicFile.write(data, to: file) }
        }
        let variant = Workbook(course: workbook.course, exercisesFolder: workspace)
        var options = options
        options.runStarters = runStarters
        return try Grader(workbook: variant, toolchain: toolchain, options: options).grade(chapter)
    }
}
