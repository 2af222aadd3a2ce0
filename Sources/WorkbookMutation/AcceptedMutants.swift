import Foundation
import WorkbookModel

/// The mutants of a chapter that its author judged equivalent (or allowed by the
/// statement), each with its reason: `Tests/Mutants/NN-slug.txt`, one a line,
///
///     Ex1_DinerQueue.swift:34:async-sync  the statement allows `sync`: …
///
/// `#` starts a comment line. A survivor listed here is reported as accepted, not as a
/// survivor, so the report stays a list of work to do.
public struct AcceptedMutants: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        /// `FILE:LINE:OPERATOR`, as `Mutant.key` spells it.
        public var key: String
        public var reason: String
        /// The entry's line in the list, for a stale entry's report.
        public var line: Int
    }

    public var entries: [Entry]

    public init(entries: [Entry] = []) {
        self.entries = entries
    }

    /// The list's file for `chapter`.
    public static func file(for chapter: Chapter, in workbook: Workbook) -> URL {
        workbook.url(WorkbookLayout.acceptedMutants(stem: chapter.stem))
    }

    /// The list at `file`; empty when there is none. An entry without a reason is an error.
    public static func load(_ file: URL, displayPath: String) throws(WorkbookError) -> AcceptedMutants {
        guard let data = FileManager.default.contents(atPath: file.path) else { return AcceptedMutants() }
        return try parse(String(decoding: data, as: UTF8.self), path: displayPath)
    }

    public static func parse(_ text: String, path: String) throws(WorkbookError) -> AcceptedMutants {
        var entries: [Entry] = []
        for (offset, raw) in text.components(separatedBy: "\n").enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let key = String(line.prefix { !$0.isWhitespace })
            let reason = line.dropFirst(key.count).trimmingCharacters(in: .whitespaces)
            let parts = key.split(separator: ":")
            guard parts.count == 3, Int(parts[1]) != nil else {
                throw .unreadable(path: "\(path):\(offset + 1)", reason: "expected FILE:LINE:OPERATOR and a reason, got “\(line)”")
            }
            guard !reason.isEmpty else {
                throw .unreadable(path: "\(path):\(offset + 1)", reason: "\(key) has no reason: say in one line why the mutant is equivalent")
            }
            entries.append(Entry(key: key, reason: reason, line: offset + 1))
        }
        return AcceptedMutants(entries: entries)
    }

    /// The reason `mutant` was accepted, or nil.
    public func reason(for mutant: Mutant) -> String? {
        entries.first { $0.key == mutant.key }?.reason
    }

    /// One more entry, as a line to append to the list.
    public static func line(key: String, reason: String) -> String {
        "\(key)  \(reason.replacingOccurrences(of: "\n", with: " "))\n"
    }
}
