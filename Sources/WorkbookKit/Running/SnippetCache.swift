import Foundation

/// Snippet executions kept by content: one small JSON file per cache key under
/// `<cache>/snippet-results/`. A key covers everything that can change what a snippet
/// does (its code and chapter line, the modules it imports, the toolchain), so an
/// entry never goes stale; an unreadable entry is treated as missing.
struct SnippetCache: Sendable {
    let folder: URL

    init(cacheFolder: URL) {
        folder = cacheFolder.appendingPathComponent("snippet-results", isDirectory: true)
    }

    /// Bump when the generated program changes in a way that can change what a snippet prints.
    static let formatVersion = "snippet-runner 1"

    static func key(
        for snippet: Snippet, chapterPath: String, toolchain: SwiftToolchain, moduleKeys: [String]
    ) -> String {
        ContentHash.of(
            [formatVersion, toolchain.version, chapterPath, String(snippet.location.line),
             snippet.has(.standalone) ? "standalone" : "merged"]
            + moduleKeys + snippet.compiledLines)
    }

    func execution(forKey key: String) -> SnippetExecution? {
        guard let data = FileManager.default.contents(atPath: file(key).path) else { return nil }
        return try? JSONDecoder().decode(SnippetExecution.self, from: data)
    }

    func store(_ execution: SnippetExecution, forKey key: String) {
        guard execution.isCacheable, let data = try? JSONEncoder().encode(execution) else { return }
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // Write-then-rename (atomic), so a reader never sees half an entry.
        try? data.write(to: file(key), options: .atomic)
    }

    private func file(_ key: String) -> URL { folder.appendingPathComponent("\(key).json") }
}
