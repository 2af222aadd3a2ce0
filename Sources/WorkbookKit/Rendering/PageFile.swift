import Foundation

/// Replaces a handout page on disk the quick way.
enum PageFile {
    /// Writes `text` into a temporary file beside `url` and renames it over `url`, so a
    /// reader sees the old page or the new one, never half of one — as `.atomic` does, but
    /// without `fsync`: a page lost in a crash is made again by rendering again, and
    /// flushing every page to disk took longer than rendering them all. False on any
    /// failure, with nothing left behind.
    static func replace(_ url: URL, with text: String) -> Bool {
        let temporary = "\(url.deletingLastPathComponent().path)/.\(url.lastPathComponent).\(getpid()).tmp"
        let file = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard file >= 0 else { return false }
        var text = text
        let written = text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let count = write(file, bytes.baseAddress! + offset, bytes.count - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        if close(file) == 0, written, rename(temporary, url.path) == 0 { return true }
        unlink(temporary)
        return false
    }
}
