import Foundation
import Testing
import WorkbookTestSupport
@testable import WorkbookSystem
@testable import WorkbookToolchain

/// The coverage tools' side of per-test coverage (docs/localization.md): the counters are
/// written by learner code, so whatever they hold gives lines of the learner's file or
/// nothing, never an error (docs/threat-model.md).
@Suite("The toolchain's coverage tools")
struct ProfileToolsTests {
    @Test("llvm-cov's lcov gives the lines of the learner's file that ran, passing over other files and malformed lines")
    func lcovLines() {
        let lcov = """
            SF:/w/Sources/Chapter02Enumeration/NumbersScreen.swift
            DA:3,7
            end_of_record
            SF:/w/exercises/02-enumeration/../02-enumeration/Ex8_FirstMatches.swift
            FN:13,firstMatches
            DA:13,4
            DA:18,4
            DA:19,0
            DA:20,18446744073709551615
            DA:21,
            DA:x,3
            DA:-2,1
            DA:99999999,1
            DA:22
            end_of_record
            """
        let lines = ProfileTools.executedLines(lcov: lcov, source: "/w/exercises/02-enumeration/Ex8_FirstMatches.swift")
        #expect(lines == [13, 18, 20])
        // The file not there at all: no coverage, not "nothing ran".
        #expect(ProfileTools.executedLines(lcov: lcov, source: "/w/exercises/02-enumeration/Ex1_Enumerate.swift") == nil)
        #expect(ProfileTools.executedLines(lcov: "garbage\u{0}\nDA:1,1\n", source: "/w/a.swift") == nil)
    }

    @Test("no tools beside a compiler that has no llvm-cov, llvm-profdata or profile runtime beside it")
    func missingTools() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wb-profile-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let bin = folder.appendingPathComponent("usr/bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        for name in ["swiftc", "llvm-profdata"] {
            _ = FileManager.default.createFile(atPath: bin.appendingPathComponent(name).path, contents: Data("#!/bin/sh\n".utf8),
                                           attributes: [.posixPermissions: 0o755])
        }
        #expect(ProfileTools.find(swiftc: bin.appendingPathComponent("swiftc").path) == nil)
        // The tools, but no profile runtime to link.
        _ = FileManager.default.createFile(atPath: bin.appendingPathComponent("llvm-cov").path, contents: Data("#!/bin/sh\n".utf8),
                                       attributes: [.posixPermissions: 0o755])
        #expect(ProfileTools.find(swiftc: bin.appendingPathComponent("swiftc").path) == nil)
    }

    @Test("counters that are a link, too large, empty or not counters give no coverage, never an error",
          .enabled(if: ProfileTools.find(swiftc: (try? SwiftToolchain.forTests())?.swiftc ?? "") != nil))
    func forgedCounters() throws {
        let toolchain = try SwiftToolchain.forTests()
        let tools = try #require(ProfileTools.find(swiftc: toolchain.swiftc))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wb-counters-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let counters = folder.appendingPathComponent("test.profraw")
        let binary = URL(fileURLWithPath: tools.cov)
        func lines() -> Set<Int>? {
            tools.executedLines(counters: "test.profraw", in: folder, binary: binary, source: "/w/a.swift", host: .forTests)
        }
        #expect(lines() == nil)  // none written (the test crashed, or timed out)
        try FileManager.default.createSymbolicLink(atPath: counters.path, withDestinationPath: "/etc/passwd")
        #expect(lines() == nil)
        try FileManager.default.removeItem(at: counters)
        try Data().write(to: counters)
        #expect(lines() == nil)
        try Data(repeating: 0x41, count: ProfileTools.countersLimit + 1).write(to: counters)
        #expect(lines() == nil)
        // Within the limit, but not counters: llvm-profdata refuses them (in the sandbox).
        try Data("\u{ff}lprofr\u{81}".utf8 + Array(repeating: 0x7f, count: 4096)).write(to: counters)
        #expect(lines() == nil)
    }
}
