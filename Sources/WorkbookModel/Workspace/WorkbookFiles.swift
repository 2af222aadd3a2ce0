import Foundation

/// The workbook's own files, read by path relative to its root: what `Workbook` reads
/// through, and what work on a chapter uses before the whole workbook is parsed
/// (`Workbook(whenParsed:)`).
public struct WorkbookFiles: Sendable {
    /// The workbook's root folder, standardized.
    public let root: URL
    /// `root`'s path with a slash at the end, to which relative paths are appended.
    let rootPath: String

    public init(root: URL) {
        self.root = root.standardizedFileURL
        self.rootPath = self.root.path.hasSuffix("/") ? self.root.path : self.root.path + "/"
    }

    /// The starter of an exercise, derived from its reference file.
    public func starter(for exercise: Exercise) throws(WorkbookError) -> String {
        guard let reference = exercise.referenceFile else {
            throw .unreadable(path: exercise.location.path, reason: "exercise \(exercise.id) names no reference file")
        }
        return try SolutionMarkers.starter(from: try read(reference), path: reference)
    }

    /// Reads a root-relative text file.
    public func read(_ relativePath: String) throws(WorkbookError) -> String {
        // The path as text: URL arithmetic is slow, and rendering reads every exercise's files.
        let path = rootPath + relativePath
        // Only the workbook's own files: a link (in a chapter, to /etc/passwd, say) would
        // be copied into a learner's workspace by `start` and shown in handouts.
        // Split as bytes: splitting the String by Characters cost 22,000 instructions a
        // path (callgrind), and a render reads every exercise's files.
        if relativePath.utf8.split(separator: UInt8(ascii: "/")).contains(where: { $0.elementsEqual("..".utf8) }) {
            throw .unreadable(path: relativePath, reason: "the path leaves the workbook ('..'); name a file inside it")
        }
        if let link = Self.linkOut(of: relativePath, below: rootPath) {
            throw .unreadable(path: relativePath, reason: "\(link) is a symbolic link out of its folder; the workbook reads only files of its own")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadable(path: relativePath, reason: "no such file")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// The part of `relativePath` (under `root`, which ends with a slash) that is a
    /// symbolic link leading out of the top-level folder it is in (`Sources/`, `Tests/`),
    /// or nil. A top-level folder may itself be a link (`mutate` builds its workers'
    /// workbooks of links to the real folders); nothing below it may lead elsewhere.
    static func linkOut(of relativePath: String, below root: String) -> String? {
        let components = relativePath.utf8.split(separator: UInt8(ascii: "/"))
        guard components.count > 1, let first = components.first else { return nil }
        // Resolved only once a link is met: resolving the top folder for every read was
        // 3% of a render (perf), and almost no path holds a link.
        var base: String?
        for component in components.dropFirst() {
            // The path up to this component (slashes as written: lstat reads `a//b` as `a/b`).
            let partial = String(relativePath[first.startIndex..<component.endIndex])
            var info = stat()
            guard lstat(root + partial, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { continue }
            let top = base ?? URL(fileURLWithPath: root + String(relativePath[first.startIndex..<first.endIndex])).resolvingSymlinksInPath().path + "/"
            base = top
            let resolved = URL(fileURLWithPath: root + partial).resolvingSymlinksInPath().path
            if !resolved.hasPrefix(top) { return partial }
        }
        return nil
    }
}
