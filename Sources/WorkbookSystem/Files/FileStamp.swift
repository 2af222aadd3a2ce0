import Foundation

/// What `stat` says of a file or folder that changes whenever its content (or, for a
/// folder, its list of entries) may have: device, inode, size, modification and status
/// change times. Two equal stamps mean an unchanged file, unless it was changed twice
/// within the clock's resolution; `ModuleKeyMemo` waits for files to settle for that.
package struct FileStamp: Sendable, Equatable {
    var device: UInt64
    var inode: UInt64
    package var size: Int64
    var modified: timespec
    var changed: timespec

    /// The stamp of `path` (links followed), or nil when it cannot be read.
    package init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        size = Int64(status.st_size)
        #if canImport(Darwin)
        modified = status.st_mtimespec
        changed = status.st_ctimespec
        #else
        modified = status.st_mtim
        changed = status.st_ctim
        #endif
    }

    init(device: UInt64, inode: UInt64, size: Int64, modified: timespec, changed: timespec) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modified = modified
        self.changed = changed
    }

    /// The later of the two times, in seconds since 1970.
    package var latest: Double { max(modifiedSeconds, Self.seconds(changed)) }

    /// The modification time, in seconds since 1970.
    package var modifiedSeconds: Double { Self.seconds(modified) }

    private static func seconds(_ time: timespec) -> Double { Double(time.tv_sec) + Double(time.tv_nsec) / 1e9 }

    /// Seven numbers separated by spaces, for `ModuleKeyMemo`'s file.
    package var text: String {
        "\(device) \(inode) \(size) \(modified.tv_sec) \(modified.tv_nsec) \(changed.tv_sec) \(changed.tv_nsec)"
    }

    /// The seven numbers of `text`, in its order.
    package init?(numbers: [String]) {
        guard numbers.count == 7, let device = UInt64(numbers[0]), let inode = UInt64(numbers[1]),
              let size = Int64(numbers[2]), let modifiedSeconds = Int(numbers[3]), let modifiedNanoseconds = Int(numbers[4]),
              let changedSeconds = Int(numbers[5]), let changedNanoseconds = Int(numbers[6])
        else { return nil }
        self.init(
            device: device, inode: inode, size: size,
            modified: timespec(tv_sec: modifiedSeconds, tv_nsec: modifiedNanoseconds),
            changed: timespec(tv_sec: changedSeconds, tv_nsec: changedNanoseconds))
    }

    package static func == (lhs: FileStamp, rhs: FileStamp) -> Bool {
        lhs.device == rhs.device && lhs.inode == rhs.inode && lhs.size == rhs.size
            && lhs.modified.tv_sec == rhs.modified.tv_sec && lhs.modified.tv_nsec == rhs.modified.tv_nsec
            && lhs.changed.tv_sec == rhs.changed.tv_sec && lhs.changed.tv_nsec == rhs.changed.tv_nsec
    }
}
