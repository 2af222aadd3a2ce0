import WorkbookModel
import WorkbookToolchain
/// Tells which snippet each compiler error belongs to, by the chapter line
/// `#sourceLocation` gave it. This is how a failed merged build names the snippets
/// that broke it. Parsing the compiler's output is `CompilerDiagnostics`' job.
enum SnippetErrorAttribution {
    /// The errors that fall inside each snippet of `chapterPath`, by snippet index (each
    /// with the notes that follow it), and whether any error fell outside every snippet
    /// (so the build's failure cannot be pinned on snippets alone).
    static func attribute(_ output: String, to snippets: [Snippet], chapterPath: String) -> (bySnippet: [Int: String], unattributed: Bool) {
        let diagnostics = CompilerDiagnostics(output)
        var bySnippet: [Int: [String]] = [:]
        // An error without a location (the driver, the linker) belongs to no snippet.
        var unattributed = output.split(separator: "\n").contains { $0.hasPrefix("error: ") }
        var lastOwner: Int?
        for entry in diagnostics.entries {
            switch entry.severity {
            case "error":
                lastOwner = snippets.firstIndex { snippet in
                    entry.path == chapterPath
                        && (snippet.firstCodeLine..<snippet.firstCodeLine + max(1, snippet.compiledLines.count)).contains(entry.line)
                }
                if let owner = lastOwner { bySnippet[owner, default: []].append(entry.text) } else { unattributed = true }
            case "note":
                if let owner = lastOwner { bySnippet[owner, default: []].append(entry.text) }
            default:
                lastOwner = nil
            }
        }
        return (bySnippet.mapValues { $0.joined(separator: "\n") }, unattributed)
    }
}
