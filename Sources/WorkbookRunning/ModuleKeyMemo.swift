import Foundation
import Synchronization
import WorkbookSystem
import WorkbookToolchain

/// Remembers, from one command to the next, the module `ModuleBuilder` built (or found)
/// for each workbook module folder, with the stamp (`FileStamp`) of that folder and of
/// everything in it. While no stamp has changed, the module is taken from here, and its
/// sources are not read and hashed again: that took longer than rendering a chapter, on
/// every `render` and `run`.
///
/// Why a remembered module is still the right one:
/// - a changed, added, removed or renamed file changes a stamp: its own or its folder's;
/// - the key's other inputs (the toolchain, the flags, how `ModuleBuilder` hashes) are in
///   the fingerprint, `ModuleBuilder`'s key for a small probe file: when any of them
///   changes, so does the fingerprint, and every entry is stale;
/// - the modules it is built on must have the keys they had;
/// - a module whose built library is gone is not taken;
/// - a file changed less than `settleTime` before it was stamped is not remembered: a
///   second change within the clock's resolution could leave its stamp as it was.
final class ModuleKeyMemo: Sendable {
    struct Entry: Sendable {
        var module: ModuleBuilder.BuiltModule
        var dependencyKeys: [String]
        /// The module's source folder first, then everything below it.
        var stamps: [(path: String, stamp: FileStamp)]
    }

    /// `<cache>/module-keys/`: the memo and the probe file.
    let folder: URL
    let settleTime: Double
    /// The fingerprint and the entries (by source folder path) read from disk, once.
    private let state = Mutex<(fingerprint: String, entries: [String: Entry])?>(nil)

    static let header = "workbook module keys 1"

    init(cacheFolder: URL, settleTime: Double = 2) {
        folder = CacheFolder.moduleKeys.url(in: cacheFolder)
        self.settleTime = settleTime
    }

    var memoFile: URL { folder.appendingPathComponent("memo") }

    /// The probe whose key is the fingerprint, written on first use; nil when it cannot be.
    func probeFile() -> URL? {
        let probe = folder.appendingPathComponent("Probe.swift")
        if FileStamp(path: probe.path) != nil { return probe }
        try? AtomicFile.write("// Hashed to tell whether ModuleBuilder still keys modules as it did.\npublic let probe = 1\n",
                              to: probe, durability: .unflushed)
        return FileStamp(path: probe.path) != nil ? probe : nil
    }

    /// The module remembered for the sources in `sourceFolder`, if nothing it was worked
    /// out from has changed since.
    func module(from sourceFolder: URL, dependencies: [ModuleBuilder.BuiltModule], fingerprint: String) -> ModuleBuilder.BuiltModule? {
        let entry = state.withLock { state -> Entry? in
            if state == nil { state = read() }
            guard let state, state.fingerprint == fingerprint else { return nil }
            return state.entries[sourceFolder.path]
        }
        guard let entry, entry.dependencyKeys == dependencies.map(\.key),
              FileStamp(path: entry.module.folder.appendingPathComponent("lib\(entry.module.name).a").path) != nil,
              entry.stamps.allSatisfy({ FileStamp(path: $0.path) == $0.stamp })
        else { return nil }
        return entry.module
    }

    /// Remembers `module`, built from `sourceFolder` whose stamps were taken (by
    /// `stamps(of:)`) before its sources were read. Files too fresh are not remembered.
    func remember(
        _ module: ModuleBuilder.BuiltModule, from sourceFolder: URL, stamps: [(path: String, stamp: FileStamp)],
        dependencies: [ModuleBuilder.BuiltModule], fingerprint: String
    ) {
        let settled = Date().timeIntervalSince1970 - settleTime
        guard stamps.allSatisfy({ $0.stamp.latest < settled && !$0.path.contains("\n") }),
              !module.folder.path.contains("\n") else { return }
        let entry = Entry(module: module, dependencyKeys: dependencies.map(\.key), stamps: stamps)
        state.withLock { state in
            var current = read()  // another command may have remembered other modules meanwhile
            if current?.fingerprint != fingerprint { current = (fingerprint, [:]) }
            current?.entries[sourceFolder.path] = entry
            state = current
            if let current { write(current) }
        }
    }

    /// The stamps of `folder` and of everything below it, or nil when one cannot be read.
    static func stamps(of folder: URL) -> [(path: String, stamp: FileStamp)]? {
        guard let own = FileStamp(path: folder.path) else { return nil }
        var stamps = [(path: folder.path, stamp: own)]
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return nil }
        while let next = walker.nextObject() as? String {
            let path = folder.appendingPathComponent(next).path
            guard let stamp = FileStamp(path: path) else { return nil }
            stamps.append((path, stamp))
        }
        return stamps
    }

    // MARK: The file

    /// One line a fact; a path always ends its line:
    /// `module NAME KEY DEPENDENCY-KEYS`, `built FOLDER`, `stamp 7-NUMBERS PATH`.
    /// Read by bytes: this runs on every command that builds modules.
    private func read() -> (fingerprint: String, entries: [String: Entry])? {
        guard let data = FileManager.default.contents(atPath: memoFile.path) else { return nil }
        let lines = TextLines.split(String(decoding: data, as: UTF8.self))
        guard lines.count >= 2, lines[0] == Self.header, lines[1].hasPrefix("fingerprint ") else { return nil }
        var entries: [String: Entry] = [:]
        var current: Entry?
        func finish() {
            if let entry = current, let source = entry.stamps.first?.path { entries[source] = entry }
            current = nil
        }
        for line in lines.dropFirst(2) where !line.isEmpty {
            var words = Words(line)
            switch words.next() {
            case "module":
                finish()
                guard let name = words.next(), let key = words.next() else { return nil }
                current = Entry(
                    module: .init(name: name, folder: URL(fileURLWithPath: "/"), key: key),
                    dependencyKeys: words.rest().split(separator: ",").map(String.init), stamps: [])
            case "built":
                // A folder URL, as ModuleBuilder makes it.
                current?.module.folder = URL(fileURLWithPath: words.rest(), isDirectory: true)
            case "stamp":
                let numbers = (0..<7).compactMap { _ in words.next() }
                guard numbers.count == 7, let stamp = FileStamp(numbers: numbers) else { return nil }
                current?.stamps.append((words.rest(), stamp))
            default:
                return nil
            }
        }
        finish()
        return (String(lines[1].dropFirst("fingerprint ".count)), entries)
    }

    /// The words of a line, split at single spaces, and what is left of it.
    private struct Words {
        let bytes: [UInt8]
        var offset = 0

        init(_ line: String) { bytes = Array(line.utf8) }

        mutating func next() -> String? {
            guard offset < bytes.count else { return nil }
            let end = bytes[offset...].firstIndex(of: 0x20) ?? bytes.count
            defer { offset = min(end + 1, bytes.count) }
            return String(decoding: bytes[offset..<end], as: UTF8.self)
        }

        mutating func rest() -> String {
            defer { offset = bytes.count }
            return String(decoding: bytes[offset...], as: UTF8.self)
        }
    }

    private func write(_ state: (fingerprint: String, entries: [String: Entry])) {
        var text = "\(Self.header)\nfingerprint \(state.fingerprint)\n"
        for source in state.entries.keys.sorted() {
            guard let entry = state.entries[source] else { continue }
            text += "module \(entry.module.name) \(entry.module.key) \(entry.dependencyKeys.joined(separator: ","))\n"
            text += "built \(entry.module.folder.path)\n"
            for (path, stamp) in entry.stamps { text += "stamp \(stamp.text) \(path)\n" }
        }
        try? AtomicFile.write(text, to: memoFile, durability: .unflushed)
    }
}
