import Foundation
import WorkbookModel
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
            // The compiler's words quote the other file's code: only when it is the learner's
            // own (a reference standing in is the teacher's, issue 56).
            let quoted = isLearners(declaredBy) ? theirs.map(\.text) : theirs.compactMap { $0.text.split(separator: "\n").first.map(String.init) }
            let text = "\(paths.displayPath(of: culprit))\(line.map { ":\($0):1" } ?? ""): error: your file declares `\(name)` again; "
                + "\(paths.shorten(declaredBy)) declares it as its exercise asks, so rename yours (the compiler's words:)\n"
                + quoted.joined(separator: "\n")
            return Self.prefix(phase) + paths.shorten(text)
        }
    }

    /// Whether `path` is in the learner's workspace, or a starter standing for a file of it.
    private func isLearners(_ path: String) -> Bool {
        let full = URL(fileURLWithPath: path).standardizedFileURL.path
        return [paths.workbook.exercisesFolder, CacheFolder.starters.url(in: paths.cache)].contains { full.hasPrefix($0.standardizedFileURL.path + "/") }
    }

    private static func prefix(_ phase: BuildFinding.Phase) -> String {
        switch phase {
        case .module: return ""
        case .tests: return "your file compiles, but the tests do not compile against it (they call what the statement names, with its signatures):\n"
        }
    }
}
