import Foundation
import WorkbookSystem
import WorkbookToolchain

/// `grade --deadline`: a student's git repository is graded as it stood at its last commit
/// before the deadline (`git rev-list -1 --before`, as nbgrader grades what was in by its
/// due date), and what came after is counted, not graded. The commits' dates are the
/// student's own clock (git's committer date): GitHub Classroom's own cut-off refuses late
/// pushes, this one trusts the repository.
public enum SubmissionDeadline {
    /// What came after the deadline, for the gradebook.
    public struct Late: Sendable, Equatable {
        /// The commit graded (the last before the deadline), abbreviated.
        public var graded: String
        /// Commits after it.
        package var commitsAfter: Int
        /// Days (begun) between the deadline and the last commit; 0 when none came after.
        public var days: Int
    }

    /// `students` with each git repository's workspace replaced by a copy of its files at
    /// the last commit before `deadline` (under `scratch`), and `late` filled in; a
    /// repository with no commit before it is a row saying so. Other forms are kept as
    /// they are (a zip or a folder has no history to go by).
    public static func apply(_ students: [StudentSubmission], deadline: Date, submissions: URL, scratch: URL) -> [StudentSubmission] {
        students.map { student in
            guard let workspace = student.workspace, let repository = repository(of: workspace, within: submissions) else { return student }
            var student = student
            switch checkout(repository, workspace: workspace, deadline: deadline, scratch: scratch, name: student.name) {
            case .success(let (copy, late)):
                student.workspace = copy
                student.late = late
            case .failure(let problem):
                student.workspace = nil
                student.problem = problem.message
            }
            return student
        }
    }

    struct Problem: Error { var message: String }

    /// The folder holding `.git`, from `workspace` up to the submissions folder.
    static func repository(of workspace: URL, within submissions: URL) -> URL? {
        var folder = workspace.standardizedFileURL
        let top = submissions.standardizedFileURL.path
        while folder.path.hasPrefix(top + "/") {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(".git").path) { return folder }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }

    /// git on a student's repository: nothing of its configuration runs (no fsmonitor, no
    /// hooks, no pager), and another owner's folder is read all the same.
    static func git(_ repository: URL, _ arguments: [String]) -> ChildProcess.Result? {
        let words = ["git", "-c", "safe.directory=*", "-c", "core.fsmonitor=false", "-c", "core.hooksPath=/dev/null",
                     "--no-pager", "-C", repository.path] + arguments
        let result = try? ChildProcess.run("/usr/bin/env", .init(
            arguments: words, environment: ["PATH": "/usr/bin:/bin", "GIT_CONFIG_NOSYSTEM": "1", "HOME": "/nonexistent"], timeout: 60))
        return result?.termination.isSuccess == true ? result : nil
    }

    static func checkout(_ repository: URL, workspace: URL, deadline: Date, scratch: URL, name: String) -> Result<(URL, Late), Problem> {
        let before = "@\(Int(deadline.timeIntervalSince1970))"
        guard let head = git(repository, ["rev-parse", "--verify", "HEAD"])?.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) else {
            return .failure(Problem(message: "\(name): its git repository has no commit to grade"))
        }
        let commit = git(repository, ["rev-list", "-1", "--before=\(before)", "HEAD"])?.standardOutput
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let after = Int(git(repository, ["rev-list", "--count", commit.isEmpty ? head : "\(commit)..HEAD"])?.standardOutput
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 0
        guard !commit.isEmpty else {
            return .failure(Problem(message: "\(name): no commit before the deadline (\(after) after it); nothing was graded"))
        }
        var days = 0
        if after > 0, let last = git(repository, ["log", "-1", "--format=%ct", "HEAD"]).flatMap({ Double($0.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)) }) {
            days = Int((max(0, last - deadline.timeIntervalSince1970) / 86_400).rounded(.up))
        }
        // The tree at that commit, written out by git itself (no checkout, no hooks).
        let target = scratch.appendingPathComponent("deadline-\(ClassSubmissions.folderName(name))-\(commit.prefix(12))")
        if !FileManager.default.fileExists(atPath: target.path) {
            let archive = scratch.appendingPathComponent(".tmp-\(UUID().uuidString).tar")
            defer { try? FileManager.default.removeItem(at: archive) }
            let made = try? CacheEntry.wholeFolder(target).produce { partial in
                guard git(repository, ["archive", "--format=tar", "-o", archive.path, commit]) != nil else { return false }
                let untar = try? ChildProcess.run("/usr/bin/env", .init(arguments: ["tar", "-xf", archive.path, "-C", partial.path], timeout: 60))
                return untar?.termination.isSuccess == true
            }
            guard made != nil else { return .failure(Problem(message: "\(name): its commit \(commit.prefix(12)) could not be written out to be graded")) }
        }
        let inside = String(workspace.standardizedFileURL.path.dropFirst(repository.standardizedFileURL.path.count + 1))
        return .success((target.appendingPathComponent(inside), Late(graded: String(commit.prefix(12)), commitsAfter: after, days: days)))
    }

    /// `--deadline`: `2026-12-01T23:59:00Z`, `…+01:00`, or `2026-12-01 23:59` in this
    /// machine's time zone (which the grade's output names).
    public static func parse(_ text: String) -> Date? {
        let iso = ISO8601DateFormatter()
        if let date = iso.date(from: text) { return date }
        let local = DateFormatter()
        local.locale = Locale(identifier: "en_US_POSIX")
        local.timeZone = .current
        for format in ["yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd HH:mm", "yyyy-MM-dd'T'HH:mm"] {
            local.dateFormat = format
            if let date = local.date(from: text) { return date }
        }
        return nil
    }
}
