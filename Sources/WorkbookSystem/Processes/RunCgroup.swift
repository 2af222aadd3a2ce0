import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The cgroups of one run: a `pids` group (`pids.max`) and a `memory` group
/// (`memory.limit_in_bytes` and `memory.memsw.limit_in_bytes` on v1, `memory.max` and
/// `memory.swap.max` on v2) that hold every process of the run together, and whether the
/// run hit them. On cgroup v1 the two are separate hierarchies (two folders); on v2 one
/// folder has both.
package struct Cgroup {
    /// Every folder the run joins.
    let folders: [String]
    let pidsFolder: String?
    let memoryFolder: String?

    var hasProcessLimit: Bool { pidsFolder != nil }

    /// What the kernel counted.
    struct Counts {
        /// A fork was refused for `pids.max`.
        var processesRefused = false
        /// The kernel's OOM killer killed a process of the run for the memory limit.
        var memoryKilled = false
    }

    /// The `pids` hierarchy we may create groups in: cgroup v1's `/sys/fs/cgroup/pids`, or
    /// v2's unified tree where `pids` is enabled. Nil when neither is writable (a
    /// non-root user without a delegated cgroup).
    static let pidsRoot: String? = root(controller: "pids", candidates: ["/sys/fs/cgroup/pids", "/sys/fs/cgroup/unified", "/sys/fs/cgroup"],
                                        probeFile: "pids.max")

    /// The `memory` hierarchy: v1's `/sys/fs/cgroup/memory` (`memory.limit_in_bytes`), or
    /// v2's (`memory.max`).
    static let memoryRoot: String? = {
        if let v1 = root(controller: "memory", candidates: ["/sys/fs/cgroup/memory"], probeFile: "memory.limit_in_bytes") { return v1 }
        return root(controller: "memory", candidates: ["/sys/fs/cgroup/unified", "/sys/fs/cgroup"], probeFile: "memory.max")
    }()

    private static func root(controller: String, candidates: [String], probeFile: String) -> String? {
        #if os(Linux)
        for root in candidates where access(root, W_OK) == 0 {
            let parent = "\(root)/workbook"
            if !FileManager.default.fileExists(atPath: parent) { mkdir(parent, 0o755) }
            // v2 wants the controller enabled for children; harmless where it is.
            if FileManager.default.fileExists(atPath: "\(parent)/cgroup.subtree_control") {
                _ = try? "+\(controller)".write(toFile: "\(root)/cgroup.subtree_control", atomically: false, encoding: .utf8)
                _ = try? "+\(controller)".write(toFile: "\(parent)/cgroup.subtree_control", atomically: false, encoding: .utf8)
            }
            let probe = "\(parent)/probe-\(controller)-\(getpid())"
            mkdir(probe, 0o755)
            defer { rmdir(probe) }
            if FileManager.default.fileExists(atPath: "\(probe)/\(probeFile)") { return parent }
        }
        #endif
        return nil
    }

    static func make(processLimit: Int, memoryLimit: Int) -> Cgroup? {
        _ = staleSwept
        let name = "run-\(getpid())-\(UUID().uuidString.prefix(8))"
        var pids: String?
        var memory: String?
        if let root = pidsRoot {
            let folder = "\(root)/\(name)"
            if mkdir(folder, 0o755) == 0 || errno == EEXIST {
                if write("\(processLimit)", to: "\(folder)/pids.max") { pids = folder } else { rmdir(folder) }
            }
        }
        if let root = memoryRoot {
            let folder = "\(root)/\(name)"
            if mkdir(folder, 0o755) == 0 || errno == EEXIST {
                let limited: Bool
                if FileManager.default.fileExists(atPath: "\(folder)/memory.limit_in_bytes") {
                    limited = write("\(memoryLimit)", to: "\(folder)/memory.limit_in_bytes")
                    // Memory and swap together, where swap accounting is on: no escape into swap.
                    if limited, FileManager.default.fileExists(atPath: "\(folder)/memory.memsw.limit_in_bytes") {
                        _ = write("\(memoryLimit)", to: "\(folder)/memory.memsw.limit_in_bytes")
                    }
                } else {
                    limited = write("\(memoryLimit)", to: "\(folder)/memory.max")
                    if limited, FileManager.default.fileExists(atPath: "\(folder)/memory.swap.max") {
                        _ = write("0", to: "\(folder)/memory.swap.max")
                    }
                }
                if limited { memory = folder } else if folder != pids { rmdir(folder) }
            }
        }
        let folders = Array(Set([pids, memory].compactMap { $0 })).sorted()
        guard !folders.isEmpty else { return nil }
        return Cgroup(folders: folders, pidsFolder: pids, memoryFolder: memory)
    }

    /// Once per process, before its first run.
    private static let staleSwept: Int = sweepStale()

    /// Removes the groups of runs whose tool is gone: a `grade` killed with SIGKILL never
    /// reached `finish`, and five such kills left 20 empty groups (issue 56, measured). A
    /// group is named `run-PID-…` after the tool that made it; one whose PID no longer
    /// runs has its processes killed and is removed. Returns how many were removed.
    @discardableResult
    static func sweepStale() -> Int {
        #if os(Linux)
        var removed = 0
        for root in Set([pidsRoot, memoryRoot].compactMap { $0 }) {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? [] where name.hasPrefix("run-") {
                let parts = name.split(separator: "-")
                guard parts.count >= 3, let pid = pid_t(parts[1]), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
                let group = Cgroup(folders: ["\(root)/\(name)"], pidsFolder: nil, memoryFolder: nil)
                _ = group.finish()
                if !FileManager.default.fileExists(atPath: "\(root)/\(name)") { removed += 1 }
            }
        }
        return removed
        #else
        return 0
        #endif
    }

    private static func write(_ text: String, to file: String) -> Bool {
        (try? text.write(toFile: file, atomically: false, encoding: .utf8)) != nil
    }

    /// `key N` lines of a cgroup file, as numbers.
    static func counters(_ file: String) -> [String: Int] {
        let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        var values: [String: Int] = [:]
        for line in text.split(separator: "\n") {
            let words = line.split(separator: " ")
            if words.count == 2, let value = Int(words[1]) { values[String(words[0])] = value }
        }
        return values
    }

    /// Kills anything still in the groups, removes them, and says what the kernel refused
    /// (`pids.events`: `max N`; `memory.oom_control` on v1 or `memory.events` on v2:
    /// `oom_kill N`).
    func finish() -> Counts {
        var counts = Counts()
        if let pidsFolder { counts.processesRefused = (Self.counters("\(pidsFolder)/pids.events")["max"] ?? 0) > 0 }
        if let memoryFolder {
            let v1 = Self.counters("\(memoryFolder)/memory.oom_control")
            let v2 = Self.counters("\(memoryFolder)/memory.events")
            counts.memoryKilled = (v1["oom_kill"] ?? v2["oom_kill"] ?? 0) > 0
        }
        for folder in folders {
            for _ in 0..<50 {
                let members = ((try? String(contentsOfFile: "\(folder)/cgroup.procs", encoding: .utf8)) ?? "")
                    .split(separator: "\n").compactMap { pid_t($0) }
                if members.isEmpty { break }
                for pid in members { kill(pid, SIGKILL) }
                usleep(2000)
            }
            rmdir(folder)
        }
        return counts
    }
}
