import WorkbookModel
import WorkbookSystem
import WorkbookToolchain
/// The Swift source the snippet runner compiles for a chapter's snippets.
///
/// A merged snippet becomes one file of its own (so its imports stay its own), holding
/// `@MainActor enum Snippet_L<line> { static func run() throws { <the snippet> } }` —
/// `async throws` when the snippet awaits (`needsAsync`). `@MainActor`, because a
/// snippet is top-level code, which runs on the main actor (SE-0343), and the stage's
/// views, like UIKit's, belong to it. A `main.swift` dispatcher calls the one named
/// by the program's first argument. A
/// `standalone` snippet becomes a whole program. Every line of the snippet keeps its
/// chapter line through `#sourceLocation`, so diagnostics and crash messages point into
/// the chapter.
package enum SnippetProgram {
    /// One file of a program to compile.
    public struct File: Sendable, Equatable {
        public var name: String
        public var contents: String
    }

    /// The files of one program, and whether they are compiled as a library (a program
    /// with its own `@main` has no `main.swift`).
    public struct Program: Sendable, Equatable {
        public var files: [File]
        package var parseAsLibrary: Bool
        /// A chapter's snippets meet the package's standard: a warning (a needless
        /// `await`, say) fails them. A learner's own file is only run, warnings unshown.
        package var warningsAreErrors = false
    }

    /// The modules every snippet may use without importing them (docs/chapter-format.md).
    /// The C library first (Glibc, or Darwin), so that `setvbuf` is visible before Foundation's overlay.
    static let alwaysImported = [GeneratedCode.platformImport, "import Foundation", "import Dispatch", "import Synchronization"]

    /// Makes standard output line-buffered, so a snippet that crashes keeps what it printed.
    static let lineBuffering = "setvbuf(stdout, nil, _IOLBF, 0)"

    /// `Snippet_L42`: the namespace of the snippet whose fence is on line 42.
    package static func namespace(of snippet: Snippet) -> String { "Snippet_L\(snippet.location.line)" }

    /// The argument that makes the merged program run `snippet`.
    public static func argument(for snippet: Snippet) -> String { String(snippet.location.line) }

    /// The program that runs any of `snippets` (none of them standalone), chosen by
    /// argument; with `launcher`, also all of them as forks of one process: it imports
    /// `ForkedRuns`' module, which must then be importable.
    public static func merged(_ snippets: [Snippet], chapterPath: String, launcher: Bool = false) -> Program {
        var cases = snippets.map { snippet in
            let call = needsAsync(splitImports(snippet.compiledLines).body) ? "try await" : "try"
            return "case \"\(argument(for: snippet))\": \(call) \(namespace(of: snippet)).run()"
        }
        cases.append("default:\n    fputs(\"usage: snippets <line>\\n\", stderr)\n    exit(64)")
        let main = [GeneratedCode.platformImport] + (launcher ? ["import \(ForkedRuns.moduleName)"] : []) + [
            lineBuffering,
            launcher ? "switch chosenSnippetLine() {" : "switch CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : \"\" {",
        ] + cases + ["}"]
        let dispatcher = File(name: "main.swift", contents: main.joined(separator: "\n") + "\n")
        return Program(files: [dispatcher] + snippets.map { namespaced($0, chapterPath: chapterPath) }, parseAsLibrary: false, warningsAreErrors: true)
    }

    /// The file that declares one merged snippet's namespace.
    static func namespaced(_ snippet: Snippet, chapterPath: String) -> File {
        let (imports, body) = splitImports(snippet.compiledLines)
        var lines = alwaysImported
        for (offset, line) in imports {
            lines.append(sourceLocation(chapterPath, snippet.firstCodeLine + offset))
            lines.append(line)
        }
        if !imports.isEmpty { lines.append("#sourceLocation()") }
        lines.append("@MainActor enum \(namespace(of: snippet)) {")
        lines.append(needsAsync(body) ? "static func run() async throws {" : "static func run() throws {")
        lines.append(sourceLocation(chapterPath, snippet.firstCodeLine))
        lines += body
        lines.append("#sourceLocation()")
        lines.append("}")
        lines.append("}")
        return File(name: "\(namespace(of: snippet)).swift", contents: lines.joined(separator: "\n") + "\n")
    }

    /// Whether a snippet's body needs an async context: it holds the word `await`, or the
    /// keyword `async` (`async let`, `() async ->`), not a method named `async` as in
    /// `queue.async { … }`. A word in a string or a comment counts too: a false "yes" only
    /// costs time. A synchronous body is cheaper to compile — no coroutine to split — by
    /// about a quarter for chapter 2 (measured), and runs on the main thread, as top-level
    /// code does.
    static func needsAsync(_ body: [String]) -> Bool {
        body.contains { line in
            var line = line
            return line.withUTF8 { bytes in
                var index = 0
                var previous: UInt8 = 0x20  // the last byte before the word that is not a space
                while index < bytes.count {
                    guard isWordByte(bytes[index]) else {
                        if bytes[index] != 0x20 && bytes[index] != 0x09 { previous = bytes[index] }
                        index += 1
                        continue
                    }
                    let start = index
                    while index < bytes.count, isWordByte(bytes[index]) { index += 1 }
                    let word = UnsafeBufferPointer(rebasing: bytes[start..<index])
                    if word.elementsEqual(awaitWord) || (word.elementsEqual(asyncWord) && previous != UInt8(ascii: ".")) {
                        return true
                    }
                    previous = bytes[index - 1]
                }
                return false
            }
        }
    }

    private static let awaitWord = Array("await".utf8)
    private static let asyncWord = Array("async".utf8)

    /// Letters, digits, `_`, and every byte of a non-ASCII character (identifiers may hold them).
    private static func isWordByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A || byte >= 0x30 && byte <= 0x39 || byte == 0x5F
    }

    /// A `standalone` snippet as a program of its own: file-scope code, as written.
    /// A snippet with its own `@main` is compiled as a library file (`parseAsLibrary`)
    /// and cannot be line-buffered.
    public static func standalone(_ snippet: Snippet, chapterPath: String) -> Program {
        let lines = snippet.compiledLines
        let hasMain = lines.contains { $0.trimmingWhitespace.hasPrefix("@main") }
        var program = alwaysImported
        if !hasMain { program.append(lineBuffering) }
        program.append(sourceLocation(chapterPath, snippet.firstCodeLine))
        program += lines
        program.append("#sourceLocation()")
        let name = hasMain ? "\(namespace(of: snippet)).swift" : "main.swift"
        return Program(files: [File(name: name, contents: program.joined(separator: "\n") + "\n")], parseAsLibrary: hasMain, warningsAreErrors: true)
    }

    /// A learner's own file (`workbook run scratch.swift`), line-buffered, its
    /// diagnostics pointing at `displayPath`.
    public static func script(_ text: String, displayPath: String) -> Program {
        let hasMain = text.split(separator: "\n").contains { $0.trimmingWhitespace.hasPrefix("@main") }
        var program = hasMain ? [] : [GeneratedCode.platformImport, lineBuffering]
        program.append(sourceLocation(displayPath, 1))
        program += text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let name = hasMain ? "script.swift" : "main.swift"
        return Program(files: [File(name: name, contents: program.joined(separator: "\n") + "\n")], parseAsLibrary: hasMain)
    }

    /// The modules a snippet imports: `Diner` for `import Diner` or `@testable import Diner`.
    public static func importedModules(_ lines: [String]) -> [String] {
        lines.compactMap(importedModule)
    }

    /// Splits a snippet into its import lines (with their offsets) and its body, in
    /// which each import is left as an empty line so that line numbers still match.
    static func splitImports(_ lines: [String]) -> (imports: [(Int, String)], body: [String]) {
        var imports: [(Int, String)] = []
        var body: [String] = []
        for (offset, line) in lines.enumerated() {
            if importedModule(line) != nil {
                imports.append((offset, line))
                body.append("")
            } else {
                body.append(line)
            }
        }
        return (imports, body)
    }

    /// The module of an unindented import declaration (`import X`, `@testable import X`,
    /// `import struct X.Y`), or nil for any other line.
    static func importedModule(_ line: String) -> String? {
        // Most lines hold no "import" at all: they are turned away by bytes, before Characters.
        guard holdsImport(line), let first = line.first, first == "@" || first == "i" else { return nil }
        // ASCII (as code nearly always is): words and letters by bytes; by Characters otherwise.
        let ascii = ByteSearch.isASCII(line)
        var words = ascii
            ? line.utf8.split { $0 == 0x20 || ($0 >= 0x09 && $0 <= 0x0D) }.map { String(decoding: $0, as: UTF8.self) }
            : line.split(whereSeparator: \.isWhitespace).map(String.init)
        while let word = words.first, word.hasPrefix("@") { words.removeFirst() }
        guard words.first == "import", words.count >= 2 else { return nil }
        let kinds: Set<String> = ["typealias", "struct", "class", "enum", "protocol", "let", "var", "func"]
        let path = kinds.contains(words[1]) && words.count >= 3 ? words[2] : words[1]
        let module = path.split(separator: ".").first.map(String.init) ?? path
        if ascii {
            return module.utf8.allSatisfy { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A || $0 >= 0x30 && $0 <= 0x39 || $0 == 0x5F } ? module : nil
        }
        return module.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } ? module : nil
    }

    /// `importedModules(snippet.compiledLines)`, from the lines that hold "import" only:
    /// the others are never made into Strings.
    static func importedModules(of snippet: Snippet) -> [String] {
        // "\r\n" is one Character, so a "\r" makes lines a matter of Characters.
        guard !ByteSearch.contains(0x0D, in: snippet.source) else { return importedModules(snippet.compiledLines) }
        var source = snippet.source
        return source.withUTF8 { bytes in
            var modules: [String] = []
            var from = 0
            while let found = ByteSearch.firstOffset(of: importWord, in: bytes, from: from) {
                let start = bytes[..<found].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
                let end = bytes[found...].firstIndex(of: 0x0A) ?? bytes.count
                let line = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
                if let module = importedModule(Snippet.compiled(line)) { modules.append(module) }
                from = end
            }
            return modules
        }
    }

    private static let importWord = Array("import".utf8)

    private static func holdsImport(_ line: String) -> Bool {
        var line = line
        return line.withUTF8 { ByteSearch.firstOffset(of: importWord, in: $0) != nil }
    }

    private static func sourceLocation(_ path: String, _ line: Int) -> String {
        "#sourceLocation(file: \(path.debugDescription), line: \(line))"
    }
}
