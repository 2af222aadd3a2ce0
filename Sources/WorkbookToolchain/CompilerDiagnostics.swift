import Foundation
import WorkbookSystem

/// The compiler's output cut into diagnostics: each starts with a
/// `path:line:column: error|warning|note: message` line and keeps the source excerpt
/// lines that follow it. The wording is never changed; only paths are shortened.
package struct CompilerDiagnostics: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var path: String
        public var line: Int
        public var column: Int
        public var severity: String
        /// The header line and the excerpt under it, as the compiler printed them.
        public var text: String
    }

    public var entries: [Entry]
    /// Lines before the first diagnostic (driver and linker messages).
    package var preamble: String

    public init(_ output: String) {
        var entries: [Entry] = []
        var preamble: [String] = []
        for line in output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if let header = CompilerDiagnostics.header(line) {
                entries.append(Entry(path: header.path, line: header.line, column: header.column, severity: header.severity, text: line))
            } else if !entries.isEmpty {
                entries[entries.count - 1].text += "\n" + line
            } else if !line.isEmpty {
                preamble.append(line)
            }
        }
        // Compile jobs that each check a batch of files can report one error twice
        // (once for its file, once where another file leans on it): keep the first.
        var seen: Set<String> = []
        self.entries = entries.compactMap { entry in
            var trimmed = entry
            while trimmed.text.hasSuffix("\n") { trimmed.text.removeLast() }
            return seen.insert(trimmed.text).inserted ? trimmed : nil
        }
        self.preamble = preamble.joined(separator: "\n")
    }

    /// Files with at least one error.
    package var filesWithErrors: Set<String> { Set(entries.filter { $0.severity == "error" }.map(\.path)) }

    /// The diagnostics located in `path` (errors and the notes and warnings there).
    public func text(for path: String) -> String {
        entries.filter { $0.path == path }.map(\.text).joined(separator: "\n")
    }

    /// Every diagnostic's text.
    package var allText: String {
        ([preamble].filter { !$0.isEmpty } + entries.map(\.text)).joined(separator: "\n")
    }

    /// `/abs/root/exercises/…` → `exercises/…` wherever a path in `replacements` appears.
    public static func shorten(_ text: String, replacing replacements: [(String, String)]) -> String {
        var result = text
        for (long, short) in replacements where !long.isEmpty {
            result = result.replacingOccurrences(of: long, with: short)
        }
        return result
    }

    /// Parses `path:12:5: error: message`. Paths may contain `:` only before the
    /// last three fields, so the line is read from the right.
    static func header(_ line: String) -> (path: String, line: Int, column: Int, severity: String)? {
        for severity in ["error", "warning", "note"] {
            guard let marker = line.range(of: ": \(severity): ") else { continue }
            let location = line[..<marker.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
            guard location.count >= 3, let column = Int(location[location.count - 1]),
                  let lineNumber = Int(location[location.count - 2])
            else { continue }
            let path = location[..<(location.count - 2)].joined(separator: ":")
            guard !path.isEmpty, !path.hasPrefix(" ") else { continue }
            return (path, lineNumber, column, severity)
        }
        return nil
    }
}
