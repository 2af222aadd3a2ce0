import Foundation
import WorkbookSystem
import WorkbookToolchain

/// The switch the repair probe's mutant schemas ask (`__workbookIs(7)`, WorkbookLocate's
/// `MutantSchema`), compiled into every chapter module the grader builds — the learner's,
/// `verify`'s, `mutate`'s and the probe's alike. A schema then adds no declaration and no
/// import, so its module's interface is the learner's, and the probe runs the tests the
/// learner's `check` has just compiled: declared in the schema, the switch made every
/// probe compile its exercise's tests again (1–2 s of a 2 s median, `make bench-locate`).
/// Outside the probe the variable is unset: `__workbookMutant` is 0 and nothing is switched.
package enum MutantSwitch {
    package static let variable = "__workbookMutant"
    package static let environmentKey = "WORKBOOK_MUTANT"
    /// The function an expression switch asks.
    package static let chosen = "__workbookIs"

    /// One line a string: a reader of this file sees the generated code's text as text.
    static let source = [
        "// Written by the workbook's grader (the repair probe's switch); not yours to edit.",
        "import Foundation",
        "",
        "/// The mutant the repair probe switched on for this run; 0 outside the probe.",
        "let \(variable) = Int(ProcessInfo.processInfo.environment[\"\(environmentKey)\"] ?? \"\") ?? 0",
        "func \(chosen)(_ number: Int) -> Bool { \(variable) == number }",
        "",
    ].joined(separator: "\n")

    /// The file in `cache`, written once.
    static func file(in cache: URL) throws -> URL {
        let file = CacheFolder.mutantSwitch.url(in: cache).appendingPathComponent("MutantSwitch.swift")
        let data = Data(source.utf8)
        if FileManager.default.contents(atPath: file.path) != data {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try AtomicFile.write(data, to: file)
        }
        return file
    }
}
