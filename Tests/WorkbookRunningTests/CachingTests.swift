import Foundation
import Testing
@testable import WorkbookRunning
import WorkbookTestSupport
@testable import WorkbookToolchain

@Suite("A snippet execution in the cache")
struct SnippetCacheRecordTests {
    @Test("reads back as it was written, whatever its ending", arguments: [
        SnippetExecution.Ending.exited(0), .exited(3), .signaled(11), .timedOut(seconds: 2.5), .didNotCompile,
    ])
    func roundTrip(ending: SnippetExecution.Ending) {
        let execution = SnippetExecution(
            ending: ending, standardOutput: "out\nline 2\n", standardError: "café — \u{0}\n",
            outputTruncated: ending == .exited(3), diagnostics: ending == .didNotCompile ? "x.swift:1:1: error: no" : "")
        #expect(SnippetCacheRecord.decode(SnippetCacheRecord.encode(execution)) == execution)
    }

    @Test("is missing, not wrong, when its file is cut short or is something else")
    func damaged() {
        let data = SnippetCacheRecord.encode(SnippetExecution(ending: .exited(0), standardOutput: "hello\n"))
        for length in [0, 10, data.count - 1] {
            #expect(SnippetCacheRecord.decode(data.prefix(length)) == nil, "\(length) bytes")
        }
        #expect(SnippetCacheRecord.decode(Data("{\"ending\":{}}".utf8)) == nil)
        #expect(SnippetCacheRecord.decode(data + Data("x".utf8)) == nil)
    }

    @Test("reads back what it stored, one file per key, and nothing for a key it never stored")
    func storedEntry() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wb-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let execution = SnippetExecution(ending: .exited(0), standardOutput: "42\n")
        let cache = SnippetCache(cacheFolder: folder)
        cache.store(execution, forKey: "k1")
        #expect(cache.execution(forKey: "k1") == execution)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("snippet-executions/k1.execution").path))
        #expect(cache.execution(forKey: "k2") == nil)
    }
}

@Suite("The memo of module keys", .serialized)
struct ModuleKeyMemoTests {
    /// A module source folder with a built library, and a memo that trusts fresh files.
    struct Setup {
        /// Removed once the test is done with this setup.
        let folder: TemporaryFolder
        var root: URL { folder.url }
        let sources: URL
        let module: ModuleBuilder.BuiltModule
        let memo: ModuleKeyMemo

        init(settleTime: Double = 0) throws {
            folder = TemporaryFolder(FileManager.default.temporaryDirectory.appendingPathComponent("wb-memo-\(UUID().uuidString)"))
            let root = folder.url
            sources = root.appendingPathComponent("Sources/Stage")
            try FileManager.default.createDirectory(at: sources.appendingPathComponent("Queues"), withIntermediateDirectories: true)
            try "struct A {}\n".write(to: sources.appendingPathComponent("A.swift"), atomically: true, encoding: .utf8)
            try "struct B {}\n".write(to: sources.appendingPathComponent("Queues/B.swift"), atomically: true, encoding: .utf8)
            // Stamps in the past: a change made within the same clock tick would not show otherwise.
            for path in ["", "Queues", "A.swift", "Queues/B.swift"] {
                try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -60)],
                                                      ofItemAtPath: sources.appendingPathComponent(path).path)
            }
            // As ModuleBuilder names it: a folder URL.
            let built = root.appendingPathComponent("cache/modules/Stage-k1", isDirectory: true)
            try FileManager.default.createDirectory(at: built, withIntermediateDirectories: true)
            try Data().write(to: built.appendingPathComponent("libStage.a"))
            module = ModuleBuilder.BuiltModule(name: "Stage", folder: built, key: "k1")
            memo = ModuleKeyMemo(cacheFolder: root.appendingPathComponent("cache"), settleTime: settleTime)
        }

        func remember(dependencies: [ModuleBuilder.BuiltModule] = [], fingerprint: String = "f1") throws {
            let stamps = try #require(ModuleKeyMemo.stamps(of: sources))
            memo.remember(module, from: sources, stamps: stamps, dependencies: dependencies, fingerprint: fingerprint)
        }

        /// What a new command (a memo read from disk) finds.
        func lookup(dependencies: [ModuleBuilder.BuiltModule] = [], fingerprint: String = "f1") -> ModuleBuilder.BuiltModule? {
            ModuleKeyMemo(cacheFolder: root.appendingPathComponent("cache"), settleTime: 0)
                .module(from: sources, dependencies: dependencies, fingerprint: fingerprint)
        }

        func later(_ path: String) throws {
            try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: sources.appendingPathComponent(path).path)
        }
    }

    @Test("gives the remembered module back while nothing it was made from changed")
    func unchanged() throws {
        let setup = try Setup()
        try setup.remember()
        #expect(setup.lookup() == setup.module)
        #expect(setup.memo.module(from: setup.sources, dependencies: [], fingerprint: "f1") == setup.module)
    }

    @Test("forgets it when a source is edited, even to the same size")
    func edited() throws {
        let setup = try Setup()
        try setup.remember()
        try "struct Z {}\n".write(to: setup.sources.appendingPathComponent("Queues/B.swift"), atomically: false, encoding: .utf8)
        #expect(setup.lookup() == nil)
    }

    @Test("forgets it when a source is added, removed or renamed", arguments: ["add", "remove", "rename"])
    func folderChanged(change: String) throws {
        let setup = try Setup()
        try setup.remember()
        let queues = setup.sources.appendingPathComponent("Queues")
        switch change {
        case "add": try "struct C {}\n".write(to: queues.appendingPathComponent("C.swift"), atomically: false, encoding: .utf8)
        case "remove": try FileManager.default.removeItem(at: queues.appendingPathComponent("B.swift"))
        default: try FileManager.default.moveItem(at: queues.appendingPathComponent("B.swift"), to: queues.appendingPathComponent("D.swift"))
        }
        #expect(setup.lookup() == nil)
    }

    @Test("forgets it when only a file's date changes")
    func touched() throws {
        let setup = try Setup()
        try setup.remember()
        try setup.later("A.swift")
        #expect(setup.lookup() == nil)
    }

    @Test("forgets it when the toolchain or the hashing changed (another fingerprint), or a module it is built on")
    func otherInputs() throws {
        let setup = try Setup()
        let diner = ModuleBuilder.BuiltModule(name: "Diner", folder: setup.root, key: "d1")
        try setup.remember(dependencies: [diner])
        #expect(setup.lookup(dependencies: [diner]) == setup.module)
        #expect(setup.lookup(dependencies: [diner], fingerprint: "f2") == nil)
        var rebuilt = diner
        rebuilt.key = "d2"
        #expect(setup.lookup(dependencies: [rebuilt]) == nil)
    }

    @Test("forgets it when its built library is gone")
    func libraryGone() throws {
        let setup = try Setup()
        try setup.remember()
        try FileManager.default.removeItem(at: setup.module.folder.appendingPathComponent("libStage.a"))
        #expect(setup.lookup() == nil)
    }

    @Test("does not remember files changed moments ago, whose stamps could hide a second change")
    func freshFiles() throws {
        let setup = try Setup(settleTime: 2)
        try setup.later("A.swift")
        try setup.remember()
        #expect(setup.lookup() == nil)
    }

    @Test("is a file that an unreadable copy of does not break: the module is simply worked out again")
    func damagedFile() throws {
        let setup = try Setup()
        try setup.remember()
        try Data("workbook module keys 1\nfingerprint f1\nstamp x\n".utf8).write(to: setup.memo.memoFile)
        #expect(setup.lookup() == nil)
    }
}
