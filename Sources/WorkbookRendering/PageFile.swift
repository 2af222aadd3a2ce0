import Foundation

/// Replaces a handout page on disk the quick way.
enum PageFile {
    /// Makes the file at `url` hold `text`. A file that holds it already is left as it is:
    /// rendering again after an edit changes a page or two, and replacing a file costs the
    /// file system more than comparing it (about half a millisecond a page here). Otherwise
    /// `text` goes into a temporary file beside `url`, renamed over `url`, so a reader sees
    /// the old page or the new one, never half of one — as `.atomic` does, but without
    /// `fsync`: a page lost in a crash is made again by rendering again, and flushing every
    /// page to disk took longer than rendering them all. False on any failure, with nothing
    /// left behind.
    static func replace(_ url: URL, with text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            if holds(url.path, bytes) { return true }
            let temporary = "\(url.deletingLastPathComponent().path)/.\(url.lastPathComponent).\(getpid()).tmp"
            let file = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            guard file >= 0 else { return false }
            var offset = 0
            var written = true
            while offset < bytes.count {
                let count = write(file, bytes.baseAddress! + offset, bytes.count - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else {
                    written = false
                    break
                }
                offset += count
            }
            if close(file) == 0, written, rename(temporary, url.path) == 0 { return true }
            unlink(temporary)
            return false
        }
    }

    /// Whether the regular file at `path` holds exactly `bytes`. Compared a chunk at a
    /// time through one buffer on the stack: a buffer the size of each page was fresh
    /// memory for the kernel to fault in, 420 page faults for the 1.7 MB of a render's
    /// pages (a tenth of all its faults, perf).
    private static func holds(_ path: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let file = open(path, O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { return false }
        defer { close(file) }
        var status = stat()
        guard fstat(file, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, Int(status.st_size) == bytes.count else { return false }
        guard let base = bytes.baseAddress else { return true }  // both empty
        return withUnsafeTemporaryAllocation(byteCount: 64 << 10, alignment: 16) { chunk in
            var offset = 0
            while offset < bytes.count {
                let count = read(file, chunk.baseAddress!, min(chunk.count, bytes.count - offset))
                if count < 0, errno == EINTR { continue }
                guard count > 0, memcmp(chunk.baseAddress!, base + offset, count) == 0 else { return false }
                offset += count
            }
            return true
        }
    }
}
