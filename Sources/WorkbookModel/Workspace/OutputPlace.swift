import Foundation

/// Where a command may write what it makes (render's handouts, grade's gradebook,
/// check's results, classroom's workflow): never into the workbook's own folders —
/// chapters, sources, tests, the learner's workspace, the tool's state — nor into the
/// input it read (a class's submissions). One check for every `--out`.
public enum OutputPlace {
    /// Throws `cannotWrite` when `target` (a folder, or a file when `isFile`) is, holds or
    /// lies inside a protected folder. `advice` ends the message: where to write instead.
    public static func check(_ target: URL, workbook: Workbook, alsoRefusing inputs: [URL] = [],
                             isFile: Bool = false, advice: String) throws(WorkbookError) {
        let path = resolved(target)
        let shown = workbook.displayPath(target)
        let root = resolved(workbook.root)
        if !isFile, root == path || root.hasPrefix(path.hasSuffix("/") ? path : path + "/") {
            throw .cannotWrite(path: shown, reason: "this folder holds the workbook itself; \(advice)")
        }
        let protected = WorkbookLayout.protectedFolders.map { workbook.url($0) }
            + [workbook.exercisesFolder]
        for folder in protected + inputs {
            let refused = resolved(folder)
            if path == refused || path.hasPrefix(refused + "/") {
                let what = inputs.contains(folder) ? "\(workbook.displayPath(folder))/ is what this command reads"
                    : "\(workbook.displayPath(folder))/ belongs to the workbook"
                throw .cannotWrite(path: shown, reason: "\(what); \(advice)")
            }
        }
    }

    /// The path with every symbolic link resolved, also of a folder not made yet (its
    /// nearest existing parent is resolved), so a link cannot smuggle a target inside.
    static func resolved(_ url: URL) -> String {
        var existing = url.standardizedFileURL
        var rest: [String] = []
        while !FileManager.default.fileExists(atPath: existing.path), existing.path != "/" {
            rest.insert(existing.lastPathComponent, at: 0)
            existing = existing.deletingLastPathComponent()
        }
        var path = existing.resolvingSymlinksInPath().path
        for part in rest { path += (path.hasSuffix("/") ? "" : "/") + part }
        return path
    }
}
