/// Reads `swiftc -diagnostic-style llvm` output and tells which snippet each error
/// belongs to, by the chapter line `#sourceLocation` gave it. This is how a failed
/// merged build names the snippets that broke it.
enum CompilerDiagnostics {
    /// One diagnostic with the lines printed under it (the source line, the caret, notes).
    struct Entry: Equatable {
        var path: String
        var line: Int
        var severity: String
        var text: String
    }

    /// Splits compiler output into diagnostics; each starts with `path:line:col: severity:`.
    /// Notes stay with the error they explain.
    static func parse(_ output: String) -> [Entry] {
        var entries: [Entry] = []
        for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
            if let (path, number, severity) = header(line), severity != "note" || entries.isEmpty {
                entries.append(Entry(path: path, line: number, severity: severity, text: String(line)))
            } else if line.hasPrefix("error: ") {
                // No location (a linker failure, a driver error): it belongs to no snippet.
                entries.append(Entry(path: "", line: 0, severity: "error", text: String(line)))
            } else if !entries.isEmpty {
                entries[entries.count - 1].text += "\n" + line
            }
        }
        return entries.map { entry in
            var entry = entry
            entry.text = entry.text.trimmingWhitespace
            return entry
        }
    }

    /// The errors that fall inside each snippet of `chapterPath`, by snippet index, and
    /// whether any error fell outside every snippet (so it cannot be attributed).
    static func attribute(_ output: String, to snippets: [Snippet], chapterPath: String) -> (bySnippet: [Int: String], unattributed: Bool) {
        var bySnippet: [Int: [String]] = [:]
        var unattributed = false
        for entry in parse(output) where entry.severity == "error" {
            let owner = snippets.firstIndex { snippet in
                entry.path == chapterPath
                    && (snippet.firstCodeLine..<snippet.firstCodeLine + max(1, snippet.compiledLines.count)).contains(entry.line)
            }
            if let owner { bySnippet[owner, default: []].append(entry.text) } else { unattributed = true }
        }
        return (bySnippet.mapValues { $0.joined(separator: "\n") }, unattributed)
    }

    /// `chapters/01-x.md:7:17: error: …` → (path, 7, "error").
    private static func header(_ line: Substring) -> (String, Int, String)? {
        for severity in ["error", "warning", "note"] {
            guard let marker = line.range(of: ": \(severity): ") else { continue }
            let location = line[..<marker.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
            guard location.count >= 3, let number = Int(location[location.count - 2]),
                  Int(location[location.count - 1]) != nil
            else { continue }
            return (location.dropLast(2).joined(separator: ":"), number, severity)
        }
        return nil
    }
}
