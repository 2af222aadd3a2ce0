import Foundation
import WorkbookSystem

/// A learner's file that defines a symbol a system library defines (`@_cdecl("write")`,
/// `@_silgen_name("swift_retain")`) takes every call to it in the test runner's process —
/// the runner's writes of the results and Swift Testing's own calls among them: a
/// `@_cdecl("write")` that dropped failures passed a wrong answer (measured). Such a file
/// is refused before anything runs. Read from the file's own object, which is what the
/// runner links, so no spelling of the attribute escapes it; the line is the attribute's.
enum Interposition {
    /// The refusal for the learner's file compiled into `object`, or nil when it defines
    /// none of the system libraries' names (or the object cannot be read).
    static func refusal(object: URL, source: String, shownPath: String, libraries: SystemLibraries) -> String? {
        guard let names = ELFSymbols.exported(by: object) else { return nil }
        for name in names {
            guard let library = libraries.definer(of: name) else { continue }
            let consequence = "\(library.name) also defines it: in the tests' process every call to `\(name)`, "
                + "the test runner's own among them, would run yours. Give yours another name"
            if let line = declarationLine(of: name, in: source) {
                return "\(shownPath):\(line):1: error: your file defines the symbol `\(name)`, and " + consequence
            }
            return "\(shownPath): error: your file's compiled code defines the symbol `\(name)`, and " + consequence
        }
        return nil
    }

    /// The line of the `@_cdecl("name")` or `@_silgen_name("name")` that gives a declaration this symbol name.
    static func declarationLine(of name: String, in source: String) -> Int? {
        let escaped = NSRegularExpression.escapedPattern(for: name)
        let pattern = #"@_(cdecl|silgen_name)\s*\(\s*(c\s*,\s*)?"# + #"""# + escaped + #"""#
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.firstIndex { $0.range(of: pattern, options: .regularExpression) != nil }.map { $0 + 1 }
    }
}
