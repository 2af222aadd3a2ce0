import Foundation
import WorkbookToolchain

/// A build finding in the learner's words: the compiler's diagnostics with the paths as
/// the learner reads them, and what each compile's failure means for them.
struct BuildFindingWording {
    let paths: LearnerPaths

    func message(_ finding: BuildFinding) -> String {
        switch finding {
        case .worded(let text):
            return text
        case .diagnostics(let phase, let entries):
            return Self.prefix(phase) + paths.shorten(entries.map(\.text).joined(separator: "\n"))
        case .redeclaration(let phase, let culprit, let line, let name, let declaredBy, let theirs):
            let text = "\(paths.displayPath(of: culprit))\(line.map { ":\($0):1" } ?? ""): error: your file declares `\(name)` again; "
                + "\(paths.shorten(declaredBy)) declares it as its exercise asks, so rename yours (the compiler's words:)\n"
                + theirs.map(\.text).joined(separator: "\n")
            return Self.prefix(phase) + paths.shorten(text)
        }
    }

    private static func prefix(_ phase: BuildFinding.Phase) -> String {
        switch phase {
        case .module: return ""
        case .tests: return "your file compiles, but the tests do not compile against it (they call what the statement names, with its signatures):\n"
        }
    }
}
