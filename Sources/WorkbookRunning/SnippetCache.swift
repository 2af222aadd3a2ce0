import Foundation
import WorkbookModel
import WorkbookSystem
import WorkbookToolchain

/// Snippet executions kept by content: one small file per cache key under
/// `<cache>/snippet-executions/` (`SnippetCacheRecord` says how it is written). A key
/// covers everything that can change what a snippet does (its code and chapter line,
/// the modules it imports, the toolchain), so an entry never goes stale; an unreadable
/// entry is treated as missing.
struct SnippetCache: Sendable {
    let folder: URL
    /// `folder`'s path: file names are appended to it as text, since every cached
    /// `render` looks up every snippet and URL arithmetic is slow.
    private let folderPath: String

    init(cacheFolder: URL) {
        folder = CacheFolder.snippetExecutions.url(in: cacheFolder)
        folderPath = folder.path
    }

    /// Bump when the generated program changes in a way that can change what a snippet prints.
    static let formatVersion = "snippet-runner 2"  // 2: a snippet without `await` runs synchronously, on the main thread

    /// `compiledLines`: the snippet's, when the caller has them already.
    static func key(
        for snippet: Snippet, chapterPath: String, toolchain: SwiftToolchain, moduleKeys: [String], compiledLines: [String]? = nil
    ) -> String {
        ContentHash.of(
            [formatVersion, toolchain.version, chapterPath, String(snippet.location.line),
             snippet.has(.standalone) ? "standalone" : "merged"]
            + moduleKeys + (compiledLines ?? snippet.compiledLines))
    }

    func execution(forKey key: String) -> SnippetExecution? {
        FileManager.default.contents(atPath: path(key)).flatMap(SnippetCacheRecord.decode)
    }

    func store(_ execution: SnippetExecution, forKey key: String) {
        guard execution.isCacheable else { return }
        // Write-then-rename, so a reader never sees half an entry.
        try? AtomicFile.write(SnippetCacheRecord.encode(execution), to: URL(fileURLWithPath: path(key)), durability: .unflushed)
    }

    private func path(_ key: String) -> String { "\(folderPath)/\(key).execution" }
}
