import Foundation
import WorkbookSystem

/// Tamper evidence: the workbook's own grading inputs (chapters, reference modules, tests,
/// the package) compared with the checkout's last commit. The sandbox keeps learner code
/// away from them during a check; this tells a teacher when someone with a shell edited
/// them anyway (every later wrong answer passed once a test file was rewritten, measured).
public enum WorkbookIntegrity {
    /// What grading reads: the chapters, the support and chapter modules, their tests.
    static let gradingInputs = [WorkbookLayout.chapters] + WorkbookLayout.supportModules.map(WorkbookLayout.moduleSources)
        + [WorkbookLayout.moduleSources("Chapter*"), WorkbookLayout.tests + "/Chapter*"]

    /// Root-relative paths of tracked grading inputs that differ from `HEAD`; nil when the
    /// root is not a git checkout or git cannot say (nothing is claimed then).
    package static func changedFiles(root: URL, environment: [String: String]) -> [String]? {
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent(".git").path),
              let git = Sandbox.findExecutable("git", environment: environment),
              let result = try? ChildProcess.run(git, .init(
                arguments: ["-C", root.path, "status", "--porcelain", "--untracked-files=no", "--"] + gradingInputs,
                environment: environment, timeout: 10)),
              result.termination.isSuccess else { return nil }
        return result.standardOutput.split(separator: "\n").compactMap { line in
            // "XY path" (or "XY old -> new" for a rename).
            guard line.count > 3 else { return nil }
            return String(line.dropFirst(3))
        }
    }

    /// `notice(root:)`, worked out on a thread of its own while the caller grades (git
    /// takes about 15 ms, which every check paid after its last run).
    package static func noticeInBackground(root: URL, environment: [String: String]) -> Promised<String?> {
        let notice = Promised<String?>()
        Thread.detachNewThread { notice.fulfill(Self.notice(root: root, environment: environment)) }
        return notice
    }

    /// One sentence for a report, or nil when nothing differs.
    public static func notice(root: URL, environment: [String: String]) -> String? {
        guard let changed = changedFiles(root: root, environment: environment), !changed.isEmpty else { return nil }
        let shown = changed.prefix(3).joined(separator: ", ") + (changed.count > 3 ? " and \(changed.count - 3) more" : "")
        return "note: \(changed.count) of the workbook's own files differ from its last commit (\(shown)); "
            + "the results were graded against them as they are now"
    }
}
