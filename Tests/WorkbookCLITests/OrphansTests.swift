import Foundation
import Testing
@testable import WorkbookSystem
#if canImport(Glibc)
import Glibc
#endif

@Suite("Finding a process's children")
struct OrphansTests {
    #if os(Linux)
    /// Starts `sleep 30` as one of ours, so that another test's sweep leaves it alone.
    private func sleeper() -> pid_t {
        let (status, pid) = Orphans.spawnTracked {
            var pid: pid_t = 0
            let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/sleep"), strdup("30"), nil]
            defer { for word in argv { free(word) } }
            let status = posix_spawn(&pid, "/bin/sleep", nil, nil, argv, environ)
            return (status, pid)
        }
        #expect(status == 0)
        return pid
    }

    @Test("the kernel's list of this process's children names the same processes as a scan of /proc")
    func listedChildrenMatchTheScan() throws {
        let sleepers = [sleeper(), sleeper()]
        defer {
            for pid in sleepers {
                kill(pid, SIGKILL)
                var status: Int32 = 0
                _ = waitpid(pid, &status, 0)
                Orphans.finished(pid)
            }
        }
        let ours = Set(sleepers)
        let listed = try #require(Orphans.listedChildren(), "this kernel has /proc/self/task/TID/children")
        #expect(ours.isSubset(of: Set(listed)))
        #expect(ours.isSubset(of: Set(Orphans.scannedChildren(of: getpid()))))
        #expect(ours.isSubset(of: Set(Orphans.children(of: getpid()))))
        // Another process's children still come from the scan: a sleeper has none.
        #expect(Orphans.children(of: sleepers[0]).isEmpty)
    }
    #endif
}
