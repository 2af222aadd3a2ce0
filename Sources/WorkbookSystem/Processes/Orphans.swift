import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Catches what a child leaves running outside its process group (Foundation's
/// `Process` puts each program it starts in a group of its own, so killing the
/// child's group misses it). This process becomes a "child subreaper": orphaned
/// descendants are re-parented to us instead of to init, and after each run every
/// child of ours that `ChildProcess` did not start itself is killed and reaped.
enum Orphans {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var direct: Set<pid_t> = []
    private static let becomeSubreaper: Void = {
        typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
        // prctl is variadic in C, so Swift cannot call it directly.
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "prctl") {
            let prctl = unsafeBitCast(symbol, to: Prctl.self)
            _ = prctl(36 /* PR_SET_CHILD_SUBREAPER */, 1, 0, 0, 0)
        }
    }()

    /// Starts a child with `spawn` and records it as one of ours (under the lock, so a
    /// concurrent sweep never mistakes it for an orphan).
    static func spawnTracked(_ spawn: () -> (Int32, pid_t)) -> (Int32, pid_t) {
        _ = becomeSubreaper
        lock.lock()
        defer { lock.unlock() }
        let (status, pid) = spawn()
        if status == 0 { direct.insert(pid) }
        return (status, pid)
    }

    static func finished(_ pid: pid_t) {
        lock.lock()
        direct.remove(pid)
        lock.unlock()
    }

    /// Kills and reaps every child of this process that was not started by `ChildProcess`
    /// and is still running: the leftovers of children that have ended.
    static func sweep() {
        // Held throughout, so a child being started meanwhile is never taken for an orphan.
        lock.lock()
        defer { lock.unlock() }
        let me = getpid()
        for pid in children(of: me) where !direct.contains(pid) {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            _ = waitpid(pid, &status, 0)
        }
    }

    /// The processes whose parent is `parent`, from /proc/PID/stat.
    static func children(of parent: pid_t) -> [pid_t] {
        #if os(Linux)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        return names.compactMap { name -> pid_t? in
            guard let pid = pid_t(name),
                  let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")")
            else { return nil }
            // "pid (comm) state ppid …": the command may hold spaces and parentheses.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 1, pid_t(fields[1]) == parent else { return nil }
            return pid
        }
        #else
        // No /proc: the process group's kill (`terminate`) is all there is to go on.
        return []
        #endif
    }

    /// CPU seconds (user + system) used so far by the live processes of process group
    /// `group`, from /proc/PID/stat. Zero where there is no /proc.
    static func cpuSeconds(ofGroup group: pid_t) -> Double {
        #if os(Linux)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return 0 }
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        var total = 0.0
        for name in names where pid_t(name) != nil {
            guard let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { continue }
            // After "(comm)": state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 12, pid_t(fields[2]) == group,
                  let user = Double(fields[11]), let system = Double(fields[12]) else { continue }
            total += (user + system) / max(1, ticks)
        }
        return total
        #else
        return 0
        #endif
    }
}
