import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Symbolic links in a submission. A student's folder or zip is hostile input: a link is
/// graded only when it resolves inside the submission, so nothing of the teacher's
/// machine (the reference `Sources/`, another student's work, `/etc/…`) is compiled,
/// graded or quoted in feedback as the student's.
package enum SubmissionLinks {
    /// Whether `url` itself is a symbolic link (not followed).
    package static func isLink(_ url: URL) -> Bool {
        var status = stat()
        return lstat(url.path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFLNK
    }

    /// The first link below `folder` (its path from `folder`) that resolves outside
    /// `folder` or to nothing; nil when every link stays inside.
    package static func leaving(_ folder: URL) -> String? {
        guard let base = realPath(folder.path) else { return "." }
        var pending = [""]
        while let relative = pending.popLast() {
            let path = relative.isEmpty ? folder.path : folder.path + "/" + relative
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { continue }
            for name in names.sorted() {
                let child = relative.isEmpty ? name : relative + "/" + name
                let full = folder.path + "/" + child
                var status = stat()
                guard lstat(full, &status) == 0 else { continue }
                switch status.st_mode & S_IFMT {
                case S_IFLNK:
                    guard let target = realPath(full), target == base || target.hasPrefix(base + "/") else { return child }
                case S_IFDIR:
                    pending.append(child)
                default:
                    break
                }
            }
        }
        return nil
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
