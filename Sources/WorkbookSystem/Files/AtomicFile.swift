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
/// words and the path.
public enum AtomicFile {
    public static func write(_ data: Data, to url: URL) throws {
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw FileFailure(path: folder.path, error: error)
        }
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).\(UUID().uuidString).tmp")
        let handle = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard handle >= 0 else { throw FileFailure(path: url.path, code: errno) }
        var failure: Int32 = 0
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < bytes.count {
                let written = systemWrite(handle, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        // A full disk may show only at the flush.
        if failure == 0, fsync(handle) != 0 { failure = errno }
        if close(handle) != 0, failure == 0 { failure = errno }
        if failure == 0, rename(temporary.path, url.path) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary.path)
            throw FileFailure(path: url.path, code: failure)
        }
    }

    public static func write(_ text: String, to url: URL) throws {
        try write(Data(text.utf8), to: url)
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
    public var isFullDisk: Bool { code == ENOSPC || code == EDQUOT }

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
