import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The sandbox probe's outcome, remembered between commands: a run of `true` in
/// bubblewrap is 20–30 ms, paid by every `check` before its first result (a third of an
/// unchanged re-check, measured). Only a sandbox that worked is remembered, under a key
/// of everything the probe's outcome depends on: this bubblewrap (path, inode, size,
/// time), the user, this boot, the kernel's user-namespace settings and the arguments
/// and filter the probe used. A remembered "on" that stops working (bubblewrap fails to
/// set up a run) is forgotten at once, so the next command probes again.
enum SandboxProbeMemo {
    /// The file for this key in `folder` (a command's cache), when a folder is named and
    /// the key can be made.
    static func file(in folder: URL?, bubblewrap: String, arguments: [String], filter: [UInt8]?) -> URL? {
        #if os(Linux)
        guard let folder else { return nil }
        var info = stat()
        guard stat(bubblewrap, &info) == 0 else { return nil }
        var key = ContentHash()
        key.combine("sandbox-probe-v1 \(bubblewrap) \(info.st_ino) \(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec) uid \(getuid())")
        for setting in ["/proc/sys/kernel/random/boot_id", "/proc/sys/kernel/unprivileged_userns_clone",
                        "/proc/sys/user/max_user_namespaces", "/proc/sys/kernel/apparmor_restrict_unprivileged_userns"] {
            key.combine(setting + "=" + ((try? String(contentsOfFile: setting, encoding: .utf8)) ?? "-"))
        }
        key.combine(arguments.joined(separator: "\u{0}"))
        key.combine(filter ?? [])
        return folder.appendingPathComponent("sandbox-probe-\(key.hex)")
        #else
        return nil
        #endif
    }

    /// The remembered outcome: whether the sandbox had a user namespace; nil when none is remembered.
    static func recall(_ file: URL?) -> Bool? {
        guard let file, let text = try? String(contentsOf: file, encoding: .utf8) else { return nil }
        switch text {
        case "on userns\n": return true
        case "on no-userns\n": return false
        default: return nil
        }
    }

    static func remember(userNamespace: Bool, in file: URL?) {
        guard let file else { return }
        try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? AtomicFile.write(userNamespace ? "on userns\n" : "on no-userns\n", to: file)
    }

    /// Forgets every remembered outcome in the folder (a run's set-up failed).
    static func forget(in folder: URL?) {
        guard let folder,
              let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names where name.hasPrefix("sandbox-probe-") {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }
}
