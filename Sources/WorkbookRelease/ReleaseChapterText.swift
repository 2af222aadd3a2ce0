import WorkbookModel

/// A chapter as a student of a release reads it: each exercise's files paragraph says
/// `Starter:` where the teacher's says `Reference:`, since the file it links is the
/// starter in a release (the reference is not there). Every other label (`Tests:`,
/// `Uses:`, `Points:`, `Starter error:`, `Allows:`, `Forbids:`) and every other line are
/// kept as written. The paragraph is found from the parsed chapter (its line), never by
/// searching the text.
enum ReleaseChapterText {
    static func text(of chapter: Chapter, source: String) -> String {
        var lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for exercise in chapter.exercises {
            guard let line = exercise.filesLocation?.line, line >= 1, line <= lines.count,
                  let label = lines[line - 1].range(of: "Reference:") else { continue }
            lines[line - 1].replaceSubrange(label, with: "Starter:")
        }
        return lines.joined(separator: "\n")
    }
}
