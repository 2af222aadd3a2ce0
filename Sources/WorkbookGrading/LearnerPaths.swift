import Foundation
import WorkbookModel
import WorkbookSystem
import WorkbookToolchain

/// How grading names files to the learner: from the workbook's root, or with
/// `fromWorkspace` from their own workspace (a class's feedback goes back to each
/// student, and the teacher's folders are not theirs); a starter compiled from the
/// cache under the learner's folder, as the file it stands for.
struct LearnerPaths: Sendable {
    let workbook: Workbook
    let cache: URL
    let fromWorkspace: Bool

    /// What the learner calls a submission's file.
    func displayPath(of submission: Submission) -> String {
        // A starter compiled from the cache stands for the learner's (missing) file.
        let starters = CacheFolder.starters.url(in: cache).standardizedFileURL.path + "/"
        let path = submission.file.standardizedFileURL.path
        let file = path.hasPrefix(starters)
            ? workbook.exercisesFolder.appendingPathComponent(String(path.dropFirst(starters.count))) : submission.file
        if fromWorkspace {
            let workspace = workbook.exercisesFolder.standardizedFileURL.path + "/"
            let full = file.standardizedFileURL.path
            if full.hasPrefix(workspace) { return String(full.dropFirst(workspace.count)) }
        }
        return workbook.displayPath(file)
    }

    /// Absolute paths in compiler output → paths relative to the workbook root (to the
    /// learner's workspace with `fromWorkspace`, as `displayPath` names them).
    func shorten(_ text: String) -> String {
        var result = text
        if fromWorkspace {
            for folder in [CacheFolder.starters.url(in: cache), workbook.exercisesFolder] {
                result = result.replacingOccurrences(of: folder.standardizedFileURL.path + "/", with: "")
            }
        }
        let root = workbook.root.path.hasSuffix("/") ? workbook.root.path : workbook.root.path + "/"
        result = result.replacingOccurrences(of: root, with: "")
        // Starters compiled from the cache are shown under the learner's folder name.
        // Both with their slash: `exercises//01-x/…` named a path that does not exist.
        let starters = workbook.displayPath(CacheFolder.starters.url(in: cache)) + "/"
        result = result.replacingOccurrences(of: starters, with: workbook.displayPath(workbook.exercisesFolder) + "/")
        return result
    }
}
