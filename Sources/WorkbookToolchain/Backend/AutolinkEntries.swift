import Foundation
import WorkbookSystem

/// The libraries Swift objects ask to be linked with — the `-l` flags in their
/// `.swift1_autolink_entries` section — read the way `swift-autolink-extract` reads
/// them, without starting it (a process costs more than reading the files).
/// ELF64 little-endian objects and `ar` archives of them; anything else is nil, and the
/// caller runs the real tool.
package enum AutolinkEntries {
    static let section = ".swift1_autolink_entries"

    /// Every input's entries, each once, in first-seen order; nil when an input cannot be read.
    public static func read(_ inputs: [URL]) -> [String]? {
        var seen: Set<String> = []
        var entries: [String] = []
        for input in inputs {
            guard let data = try? Data(contentsOf: input, options: .mappedIfSafe), let found = read(data) else { return nil }
            for entry in found where seen.insert(entry).inserted { entries.append(entry) }
        }
        return entries
    }

    /// The entries of one object or archive.
    static func read(_ data: Data) -> [String]? {
        data.withUnsafeBytes { bytes in
            if bytes.starts(with: Array("!<arch>\n".utf8)) { return archiveEntries(bytes) }
            return objectEntries(bytes[...])
        }
    }

    /// The entries of each ELF member of an `ar` archive (symbol tables and name tables skipped).
    private static func archiveEntries(_ bytes: UnsafeRawBufferPointer) -> [String]? {
        var entries: [String] = []
        var offset = 8
        while offset + 60 <= bytes.count {
            let sizeField = String(decoding: bytes[(offset + 48)..<(offset + 58)], as: UTF8.self)
            guard let size = Int(sizeField.trimmingCharacters(in: .whitespaces)), size >= 0,
                  offset + 60 + size <= bytes.count else { return nil }
            let member = bytes[(offset + 60)..<(offset + 60 + size)]
            if member.starts(with: ELFObject.magic) {
                guard let found = objectEntries(member) else { return nil }
                entries += found
            }
            offset += 60 + size + (size % 2)  // members start on even offsets
        }
        return entries
    }

    /// The entries of one object: NUL-separated strings.
    private static func objectEntries(_ object: Slice<UnsafeRawBufferPointer>) -> [String]? {
        guard let elf = ELFObject(object) else { return nil }
        return elf.contents(of: section)?.split(separator: 0).map { String(decoding: $0, as: UTF8.self) } ?? []
    }
}
