import Foundation
import WorkbookModel
import WorkbookSystem

/// Writes a handout set into its output folder — the one place `render` writes — and
/// refuses folders where pages could overwrite the workbook itself.
public enum HandoutWriter {
    /// Writes every page (replacing earlier versions of the same files only) and returns
    /// their URLs.
    @discardableResult
    public static func write(_ set: HandoutSet, to folder: URL, workbook: Workbook) throws(WorkbookError) -> [URL] {
        try checkOutputFolder(folder, workbook: workbook)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .cannotWrite(path: workbook.displayPath(folder), reason: error.localizedDescription)
        }
        var written: [URL] = []
        for page in set.pages {
            let url = folder.appendingPathComponent(page.fileName)
            do {
                try AtomicFile.replace(url, with: page.html)
            } catch {
                throw .cannotWrite(path: workbook.displayPath(url), reason: error.localizedDescription)
            }
            written.append(url)
        }
        return written
    }

    /// The names of the pages (`.html` files) in `folder` already; none when it does not exist.
    public static func existingPages(in folder: URL) -> Set<String> {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return Set(names.filter { $0.hasSuffix(".html") })
    }

    /// The folders handouts must never land in: the root (or above it), the chapters,
    /// the sources and tests, the learner's workspace, the tool's state.
    public static func checkOutputFolder(_ folder: URL, workbook: Workbook) throws(WorkbookError) {
        try OutputPlace.check(folder, workbook: workbook, advice: "render into a folder of its own (default: handouts/)")
    }
}
