import Foundation
import Testing
@testable import WorkbookSystem

@Suite("Finding a process's children")
struct OrphansTests {
    #if os(Linux)
    @Test("the kernel's list of this process's children names the same processes as a scan of /proc")
    func listedChildrenMatchTheScan() throws {
        let sleepers = try (0..<2).map { _ in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sleep")
            process.arguments = ["30"]
            try process.run()
            return process
        }
        defer { for process in sleepers { process.terminate(); process.waitUntilExit() } }
        let ours = Set(sleepers.map(\.processIdentifier))
        let listed = try #require(Orphans.listedChildren(), "this kernel has /proc/self/task/TID/children")
        #expect(ours.isSubset(of: Set(listed)))
        #expect(ours.isSubset(of: Set(Orphans.scannedChildren(of: getpid()))))
        #expect(ours.isSubset(of: Set(Orphans.children(of: getpid()))))
        // Another process's children still come from the scan: a sleeper has none.
        #expect(Orphans.children(of: sleepers[0].processIdentifier).isEmpty)
    }
    #endif
}
