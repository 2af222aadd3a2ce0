import Foundation

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
            let target = folder.appendingPathComponent("\(file.deletingPathExtension().lastPathComponent)-\(stamp).swift")
            try AtomicFile.write(data, to: target)
            backup = target
        }
        try AtomicFile.write(starter, to: file)
        return backup
    }

    /// Creates `file` with `text`, failing (and writing nothing) if it appeared meanwhile.
    private func writeNew(_ text: String, to file: URL) throws {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let descriptor = open(file.path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw POSIXError(.EIO) }
    }

    private static func timestamp() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyyMMdd-HHmmss-SSS"
        return formatter.string(from: Date())
    }
}
