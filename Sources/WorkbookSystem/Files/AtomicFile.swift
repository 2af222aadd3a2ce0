import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a file so that a reader (or a kill in the middle) sees either the old
/// content or the new one, never half of it: write a temporary file beside it,
/// flush it to disk, then rename it over the old one. A failure (a full disk, a
/// read-only folder) leaves no temporary behind and throws `FileFailure`: the system's
/// words and the path. The one way the engine replaces a file.
public enum AtomicFile {
    /// Whether the new content reaches the disk before it takes the old one's place.
    public enum Durability: Sendable {
        /// Flushed (`fsync`): what the learner's state, grades and a teacher's files need.
        case flushed
        /// Not flushed: a file the tool makes again when lost (a cache entry, a page).
        case unflushed
    }

    public static func write(_ data: Data, to url: URL, durability: Durability = .flushed) throws {
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw FileFailure(path: folder.path, error: error)
        }
        try data.withUnsafeBytes { bytes in try put(bytes, at: url, durability: durability) }
    }

    public static func write(_ text: String, to url: URL, durability: Durability = .flushed) throws {
        try write(Data(text.utf8), to: url, durability: durability)
    }

    /// Makes the file at `url` (in a folder that exists) hold `text`, unflushed; a file
    /// that holds it already is left as it is: rendering again after an edit changes a
    /// page or two, and replacing a file costs the file system more than comparing it
    /// (about half a millisecond a page here), while flushing every page took longer than
    /// rendering them all. Returns whether it wrote.
    @discardableResult
    public static func replace(_ url: URL, with text: String) throws -> Bool {
        var text = text
        return try text.withUTF8 { bytes in
            if holds(url.path, bytes) { return false }
            try put(UnsafeRawBufferPointer(bytes), at: url, durability: .unflushed)
            return true
        }
    }

    /// `bytes` into a temporary file beside `url`, renamed over it.
    private static func put(_ bytes: UnsafeRawBufferPointer, at url: URL, durability: Durability) throws {
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(getpid()).\(UUID().uuidString).tmp")
        let handle = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard handle >= 0 else { throw FileFailure(path: url.path, code: errno) }
        var failure: Int32 = 0
        var offset = 0
        while offset < bytes.count {
            let written = systemWrite(handle, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                failure = errno
                break
            }
            offset += written
        }
        // A full disk may show only at the flush.
        if failure == 0, durability == .flushed, fsync(handle) != 0 { failure = errno }
        if close(handle) != 0, failure == 0 { failure = errno }
        if failure == 0, rename(temporary.path, url.path) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary.path)
            throw FileFailure(path: url.path, code: failure)
        }
    }

    /// Whether the regular file at `path` holds exactly `bytes`. Compared a chunk at a
    /// time through one buffer on the stack: a buffer the size of each page was fresh
    /// memory for the kernel to fault in, 420 page faults for the 1.7 MB of a render's
    /// pages (a tenth of all its faults, perf).
    static func holds(_ path: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
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

/// A file that could not be written or read: the path and the system's words
/// ("No space left on device", "Read-only file system"), never a raw Foundation dump.
public struct FileFailure: LocalizedError, Equatable, CustomStringConvertible {
    public let path: String
    /// The errno, when the system gave one.
    public let code: Int32?
    public let reason: String

    public init(path: String, code: Int32) {
        self.path = path
        self.code = code
        self.reason = String(cString: strerror(code))
    }

    /// The system's words from a Foundation or POSIX error.
    public init(path: String, error: any Error) {
        self.path = path
        let code = Self.posixCode(error)
        self.code = code
        self.reason = code.map { String(cString: strerror($0)) } ?? (error as NSError).localizedDescription
    }

    /// The path a Foundation error names, with the system's words: nil for an error that
    /// is not about a file.
    public static func from(_ error: any Error) -> FileFailure? {
        if let failure = error as? FileFailure { return failure }
        let nsError = error as NSError
        guard nsError.domain == NSCocoaErrorDomain || nsError.domain == NSPOSIXErrorDomain else { return nil }
        guard let path = (nsError.userInfo[NSFilePathErrorKey] as? String) ?? (nsError.userInfo[NSURLErrorKey] as? URL)?.path else {
            return nil
        }
        return FileFailure(path: path, error: error)
    }

    /// ENOSPC or EDQUOT: the disk (or the user's quota) is full.
    package var isFullDisk: Bool { code == ENOSPC || code == EDQUOT }

    public var description: String { "\(path): \(reason)" }
    /// The words alone: callers that print `localizedDescription` name the path already.
    public var errorDescription: String? { reason }

    static func posixCode(_ error: any Error) -> Int32? {
        let nsError = error as NSError
        if nsError.domain == NSPOSIXErrorDomain { return Int32(nsError.code) }
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return Int32(underlying.code)
        }
        switch CocoaError.Code(rawValue: nsError.code) {
        case .fileWriteOutOfSpace: return ENOSPC
        case .fileWriteVolumeReadOnly: return EROFS
        case .fileWriteNoPermission, .fileReadNoPermission: return EACCES
        case .fileNoSuchFile, .fileReadNoSuchFile: return ENOENT
        default: return nil
        }
    }
}

/// write(2), by a name the static `write`s do not hide.
private func systemWrite(_ handle: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(handle, bytes, count)
    #else
    Darwin.write(handle, bytes, count)
    #endif
}
