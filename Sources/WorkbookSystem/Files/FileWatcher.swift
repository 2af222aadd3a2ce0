import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Tells which files in some folders changed: inotify when the kernel offers it,
/// polling modification times otherwise (`--poll`; network file systems).
public protocol FileWatcher: AnyObject {
    /// Waits at most `timeout` seconds; returns the paths that changed (maybe none).
    func changes(timeout: Double) -> Set<String>
}

#if os(Linux)
/// Linux inotify on each folder: a save is a close-after-write or a rename into it.
/// (Elsewhere `PollingWatcher` stands in: `InotifyWatcher.make` says nil.)
package final class InotifyWatcher: FileWatcher {
    private let descriptor: Int32
    private var folders: [Int32: String] = [:]

    /// Nil when inotify cannot be used here (then poll).
    public init?(folders paths: [String]) {
        descriptor = inotify_init1(Int32(O_NONBLOCK | O_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        // IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE
        let mask: UInt32 = 0x2 | 0x8 | 0x80 | 0x100 | 0x200
        for path in paths {
            let watch = inotify_add_watch(descriptor, path, mask)
            if watch >= 0 { folders[watch] = path }
        }
        if folders.isEmpty {
            close(descriptor)
            return nil
        }
    }

    deinit { close(descriptor) }

    public func changes(timeout: Double) -> Set<String> {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&entry, 1, Int32(max(0, timeout * 1000))) > 0 else { return [] }
        var changed = Set<String>()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            changed.formUnion(Self.parse(Array(buffer[0..<count]), folders: folders))
        }
        return changed
    }

    /// `struct inotify_event { int wd; uint32_t mask, cookie, len; char name[len]; }`, repeated.
    static func parse(_ bytes: [UInt8], folders: [Int32: String]) -> Set<String> {
        var changed = Set<String>()
        var offset = 0
        func word(_ at: Int) -> UInt32 {
            UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
        }
        while offset + 16 <= bytes.count {
            let watch = Int32(bitPattern: word(offset))
            let length = Int(word(offset + 12))
            let end = min(bytes.count, offset + 16 + length)
            let name = String(decoding: bytes[(offset + 16)..<end].prefix { $0 != 0 }, as: UTF8.self)
            if let folder = folders[watch], !name.isEmpty {
                changed.insert(folder + "/" + name)
            }
            offset = end
        }
        return changed
    }
}
#endif

/// The kernel's watcher where there is one (inotify on Linux), nil elsewhere: the
/// caller then polls.
public enum NativeWatcher {
    public static func make(folders: [String]) -> (any FileWatcher)? {
        #if os(Linux)
        return InotifyWatcher(folders: folders)
        #else
        return nil
        #endif
    }
}

/// Compares modification times and sizes of the files in some folders.
public final class PollingWatcher: FileWatcher {
    private let folders: [String]
    private var seen: [String: String]
    /// How often to look.
    package var interval: Double = 0.25

    public init(folders: [String]) {
        self.folders = folders
        self.seen = [:]
        seen = snapshot()
    }

    public func changes(timeout: Double) -> Set<String> {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            let now = snapshot()
            let changed = Set(now.keys.filter { now[$0] != seen[$0] } + seen.keys.filter { now[$0] == nil })
            seen = now
            if !changed.isEmpty { return changed }
            usleep(useconds_t(min(interval, max(0, deadline.timeIntervalSinceNow)) * 1_000_000))
        } while Date() < deadline
        return []
    }

    private func snapshot() -> [String: String] {
        var files: [String: String] = [:]
        for folder in folders {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
                let path = folder + "/" + name
                var info = stat()
                if stat(path, &info) == 0 {
                    #if os(Linux)
                    let modified = info.st_mtim
                    #else
                    let modified = info.st_mtimespec
                    #endif
                    files[path] = "\(modified.tv_sec).\(modified.tv_nsec):\(info.st_size)"
                }
            }
        }
        return files
    }
}

/// Gathers changes until none has come for `quietPeriod` (200 ms unless given; `watch`
/// gives 60 ms): an editor's save is often several writes and a rename, and must trigger
/// one check, not three.
public struct Debouncer {
    public var quietPeriod: Double = 0.2

    public init(quietPeriod: Double = 0.2) {
        self.quietPeriod = quietPeriod
    }

    /// The first batch of changes, and what follows it closely, from `watcher`;
    /// empty when nothing changed within `timeout`.
    public func next(from watcher: any FileWatcher, timeout: Double) -> Set<String> {
        var changed = watcher.changes(timeout: timeout)
        guard !changed.isEmpty else { return [] }
        while true {
            let more = watcher.changes(timeout: quietPeriod)
            if more.isEmpty { return changed }
            changed.formUnion(more)
        }
    }
}
