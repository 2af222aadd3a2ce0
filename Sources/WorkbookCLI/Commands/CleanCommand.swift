import Foundation
import WorkbookKit

/// `workbook clean`: empties the build cache, which is never pruned on its own (a day of
/// use left 118 MB). Progress, hints used and backups stay.
enum CleanCommand: Command {
    static let spec = CommandSpec(
        name: "clean", summary: "empty the build cache in .workbook/cache (your progress stays)",
        discussion: """
        Removes .workbook/cache: compiled modules, test runners, snippet programs and cached
        results, all of which are rebuilt on the next check or run (the first check of a
        chapter then takes some seconds again). .workbook/progress.json and
        .workbook/backups/ are kept. Exit status: 0; 1 when the cache cannot be removed.
        """)

    static func run(_ invocation: Invocation, in context: CommandContext) throws -> ExitCode {
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
