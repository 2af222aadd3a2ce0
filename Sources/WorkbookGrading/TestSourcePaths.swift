import Foundation

/// The chapters' test files as the compiler is given them: relative to the workbook's
/// root, so that what is compiled from them (their `#filePath`s, the cache key of their
/// objects) is the same in every copy of a workbook, and a copy's grading finds the
/// objects another copy compiled. What comes back from the compiler or the tests names
/// them relatively, and is made absolute again here for this workbook.
enum TestSourcePaths {
    /// `file` relative to `root` when it lies inside it; its absolute path otherwise.
    static func relative(_ file: URL, to root: URL) -> String {
        let rootPath = root.standardizedFileURL.path
        let path = file.standardizedFileURL.path
        let prefix = rootPath.hasSuffix("/") ? rootPath : rootPath + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// `path` as an absolute path: a relative one is taken from `root`.
    static func absolute(_ path: String, root: URL) -> String {
        path.isEmpty || path.hasPrefix("/") ? path : root.appendingPathComponent(path).path
    }

    /// `text` (compiler output) with each relative name of `names` replaced by its file's
    /// absolute path wherever it starts a path (not inside a longer one).
    static func absolute(_ text: String, names: [(String, URL)]) -> String {
        var result = text
        for (name, file) in names where !name.hasPrefix("/") {
            let pieces = result.components(separatedBy: name)
            guard pieces.count > 1 else { continue }
            var joined = pieces[0]
            for piece in pieces.dropFirst() {
                let before = joined.last
                let startsPath = before == nil || !(before!.isLetter || before!.isNumber || "/._-".contains(before!))
                joined += (startsPath ? file.path : name) + piece
            }
            result = joined
        }
        return result
    }
}

extension TestEventStream {
    /// The stream with its tests' and issues' relative file paths taken from `root`.
    func resolvingPaths(against root: URL) -> TestEventStream {
        var stream = self
        for index in stream.tests.indices {
            stream.tests[index].filePath = TestSourcePaths.absolute(stream.tests[index].filePath, root: root)
        }
        for (id, issues) in stream.issues {
            stream.issues[id] = issues.map { issue in
                var issue = issue
                issue.filePath = issue.filePath.map { TestSourcePaths.absolute($0, root: root) }
                return issue
            }
        }
        return stream
    }
}
