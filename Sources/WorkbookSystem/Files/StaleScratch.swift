import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Removes scratch folders (`.tmp-…-PID…`) left by a workbook process that was killed
/// (`kill -9` mid-build left them for good, measured). A folder goes only when the
/// process its name records is gone and it is over a minute old, so a live build, or a
/// new process that got a dead one's number, never loses its scratch. Each folder is
/// looked at once per process.
package enum StaleScratch {
    private static let swept = Mutex<Set<String>>([])

    package static func sweep(_ folder: URL) {
        let first = swept.withLock { $0.insert(folder.path).inserted }
        guard first, let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        let cutoff = Date().addingTimeInterval(-60)
        for name in names where name.hasPrefix(".tmp-") {
            guard let pid = recordedProcess(in: name), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            let url = folder.appendingPathComponent(name)
            let modified = (try? url.resourceValues(forKeys: [.contentModificationDateKey]))?.contentModificationDate ?? .distantPast
            if modified < cutoff { try? FileManager.default.removeItem(at: url) }
        }
    }

    /// The PID in `.tmp-KEY-PID` or `.tmp-KEY-PID-UUID8`.
    static func recordedProcess(in name: String) -> pid_t? {
        let parts = name.split(separator: "-")
        guard parts.count >= 3 else { return nil }
        let candidates = [parts[parts.count - 1], parts[parts.count - 2]]
        for part in candidates where part.count <= 7 && part.allSatisfy(\.isNumber) {
            return pid_t(part)
        }
        return nil
    }
}
