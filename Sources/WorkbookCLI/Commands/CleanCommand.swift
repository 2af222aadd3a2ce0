import Foundation
import WorkbookModel

/// `workbook clean`: empties the build cache at once. (The commands that fill it prune it
/// to its cap, `WORKBOOK_CACHE_LIMIT`, least recently used first.) Progress, hints used
/// and backups stay.
enum CleanCommand: Command {
    static let spec = CommandSpec(
        name: "clean", summary: "empty the build cache in .workbook/cache (your progress stays)",
        discussion: """
        Removes .workbook/cache: compiled modules, test runners, snippet programs and cached
        results, all of which are rebuilt on the next check or run (the first check of a
        chapter then takes some seconds again). .workbook/progress.json and
        .workbook/backups/ are kept. Without it the cache stays under WORKBOOK_CACHE_LIMIT
        megabytes (default 512): check, run, verify, mutate, grade, start and editor remove
        the entries used least recently once it is over, at most once an hour. Exit status:
        0; 1 when the cache cannot be removed.
        """)

    static func run(_: NoOptions, in context: CommandContext) throws -> ExitCode {
        let workbook = try context.workbook()
        let cache = workbook.cacheFolder
        guard FileManager.default.fileExists(atPath: cache.path) else {
            context.console.print("\(workbook.displayPath(cache)) is empty already")
            return .success
        }
        let bytes = (FileManager.default.enumerator(at: cache, includingPropertiesForKeys: [.fileSizeKey])?.allObjects as? [URL] ?? [])
            .compactMap { try? $0.resourceValues(forKeys: [.fileSizeKey]).fileSize }.reduce(0, +)
        // Renamed first, so a command running meanwhile never sees half a cache.
        let aside = workbook.stateFolder.appendingPathComponent(".cache-removed-\(getpid())")
        do {
            try FileManager.default.moveItem(at: cache, to: aside)
            try FileManager.default.removeItem(at: aside)
        } catch {
            throw WorkbookError.cannotWrite(path: workbook.displayPath(cache), reason: WorkspaceFiles.reason(error))
        }
        context.console.print("removed \(workbook.displayPath(cache)): \(ByteCountFormatter.string(fromByteCount: Int64(bytes), countStyle: .file)) freed; your progress is kept")
        return .success
    }
}
