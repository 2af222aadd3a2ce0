import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// An exclusive `flock` on a lock file, held until `release()` or until the lock is
/// dropped (or the process ends, which the kernel takes as a release: a killed build
/// never leaves a stale lock).
public final class FolderLock: Sendable {
    private let descriptor: Mutex<Int32?>

    /// Waits until the lock is free; throws the system's reason when the lock file
    /// cannot be opened.
    package init(_ file: URL) throws {
        let opened = open(file.path, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
        // With the path: a bare POSIXError was printed as "NSPOSIXErrorDomain Code=30" (issue 56).
        guard opened >= 0 else { throw FileFailure(path: file.path, code: errno) }
        while flock(opened, LOCK_EX) != 0, errno == EINTR {}
        descriptor = Mutex(opened)
    }

    public func release() {
        descriptor.withLock { held in
            guard let fd = held else { return }
            close(fd)  // closing the last descriptor drops the flock
            held = nil
        }
    }

    deinit { release() }
}
