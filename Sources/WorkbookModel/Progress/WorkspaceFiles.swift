import Foundation
import WorkbookSystem

/// The learner's files: writing a chapter's starters (never over an existing file)
/// and restoring one (after backing the learner's version up).
public struct WorkspaceFiles: Sendable {
    public let workbook: Workbook

    public init(workbook: Workbook) {
        self.workbook = workbook
    }

    public struct StartReport: Sendable, Equatable {
        /// Files written, as display paths.
        public var written: [String] = []
        /// Files that were there already and were left alone.
        public var kept: [String] = []
    }

    /// Writes each exercise's starter into `exercises/NN-slug/`, skipping files that exist.
    public func start(_ chapter: Chapter) throws -> StartReport {
        var report = StartReport()
        for exercise in chapter.exercises {
            guard let file = workbook.learnerFile(for: exercise, in: chapter) else { continue }
            let shown = workbook.displayPath(file)
            if FileManager.default.fileExists(atPath: file.path) {
                report.kept.append(shown)
                continue
            }
            try writeNew(try workbook.starter(for: exercise), to: file)
            report.written.append(shown)
        }
        return report
    }

    /// Restores the starter of `exercise`; returns the backup of the learner's file
    /// (nil when there was no file to back up).
    public func reset(_ exercise: Exercise, in chapter: Chapter) throws -> URL? {
        guard let file = workbook.learnerFile(for: exercise, in: chapter) else {
            throw WorkbookError.unreadable(path: exercise.location.path, reason: "exercise \(exercise.id) names no reference file")
        }
        let starter = try workbook.starter(for: exercise)
        var backup: URL?
        if let data = FileManager.default.contents(atPath: file.path) {
            let stamp = Self.timestamp()
            let folder = workbook.stateFolder.appendingPathComponent("backups").appendingPathComponent(chapter.stem)
            // The file's own extension: a prediction is a `.txt`, not Swift.
            let target = folder.appendingPathComponent("\(file.deletingPathExtension().lastPathComponent)-\(stamp)")
                .appendingPathExtension(file.pathExtension)
            try AtomicFile.write(data, to: target)
            backup = target
        }
        try AtomicFile.write(starter, to: file)
        return backup
    }

    /// Creates `file` with `text`, failing (and writing nothing) if it appeared meanwhile.
    /// Written whole to a scratch file first and linked into place, so a full disk never
    /// leaves a half-written or empty starter that later runs would keep.
    private func writeNew(_ text: String, to file: URL) throws {
        let folder = file.deletingLastPathComponent()
        try Self.makeFolders(folder, shown: workbook.displayPath(folder))
        let scratch = folder.appendingPathComponent(".\(file.lastPathComponent).\(getpid()).tmp")
        let descriptor = open(scratch.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw WorkbookError.cannotWrite(path: workbook.displayPath(file), reason: String(cString: strerror(errno)))
        }
        defer { unlink(scratch.path) }
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else {
                let reason = String(cString: strerror(written < 0 ? errno : ENOSPC))
                close(descriptor)
                throw WorkbookError.cannotWrite(path: workbook.displayPath(file), reason: reason)
            }
            offset += written
        }
        let synced = fsync(descriptor) == 0 ? 0 : errno
        close(descriptor)
        guard synced == 0 else { throw WorkbookError.cannotWrite(path: workbook.displayPath(file), reason: String(cString: strerror(synced))) }
        // link(2) fails if the file appeared meanwhile: never overwrite the learner's.
        guard link(scratch.path, file.path) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }

    /// `mkdir -p`, with the system's reason when it fails (Foundation's says "the file
    /// doesn't exist" for a folder under /proc).
    static func makeFolders(_ folder: URL, shown: String) throws(WorkbookError) {
        var path = ""
        for component in folder.standardizedFileURL.path.split(separator: "/") {
            path += "/" + component
            if mkdir(path, 0o755) != 0, errno != EEXIST {
                throw .cannotWrite(path: shown, reason: "\(path): \(String(cString: strerror(errno)))")
            }
        }
    }

    /// The system's own words for a Foundation error, not "NSCocoaErrorDomain 512".
    public static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if nsError.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(nsError.code))) }
        return nsError.localizedDescription
    }

    private static func timestamp() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyyMMdd-HHmmss-SSS"
        return formatter.string(from: Date())
    }
}
