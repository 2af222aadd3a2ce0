import Foundation
import Testing
@testable import WorkbookGrading
import WorkbookTestSupport
@testable import WorkbookModel
@testable import WorkbookToolchain

/// Issue 34: the runner's numbered, signed records, and the five forgeries of a pass
/// measured against the token protocol (`Submissions/01-forgeries`), graded.
@Suite("Results no learner code can forge")
struct ForgedResultsTests {
    /// SipHash-2-4 with the key 00 01 … 0f on the messages 00 01 … (n - 1), n = 0…63: the
    /// reference implementation's vectors (veorq/SipHash, vectors.h), read little-endian.
    static let vectors: [UInt64] = [
        0x726fdb47dd0e0e31, 0x74f839c593dc67fd, 0x0d6c8009d9a94f5a, 0x85676696d7fb7e2d,
        0xcf2794e0277187b7, 0x18765564cd99a68d, 0xcbc9466e58fee3ce, 0xab0200f58b01d137,
        0x93f5f5799a932462, 0x9e0082df0ba9e4b0, 0x7a5dbbc594ddb9f3, 0xf4b32f46226bada7,
        0x751e8fbc860ee5fb, 0x14ea5627c0843d90, 0xf723ca908e7af2ee, 0xa129ca6149be45e5,
        0x3f2acc7f57c29bdb, 0x699ae9f52cbe4794, 0x4bc1b3f0968dd39c, 0xbb6dc91da77961bd,
        0xbed65cf21aa2ee98, 0xd0f2cbb02e3b67c7, 0x93536795e3a33e88, 0xa80c038ccd5ccec8,
        0xb8ad50c6f649af94, 0xbce192de8a85b8ea, 0x17d835b85bbb15f3, 0x2f2e6163076bcfad,
        0xde4daaaca71dc9a5, 0xa6a2506687956571, 0xad87a3535c49ef28, 0x32d892fad841c342,
        0x7127512f72f27cce, 0xa7f32346f95978e3, 0x12e0b01abb051238, 0x15e034d40fa197ae,
        0x314dffbe0815a3b4, 0x027990f029623981, 0xcadcd4e59ef40c4d, 0x9abfd8766a33735c,
        0x0e3ea96b5304a7d0, 0xad0c42d6fc585992, 0x187306c89bc215a9, 0xd4a60abcf3792b95,
        0xf935451de4f21df2, 0xa9538f0419755787, 0xdb9acddff56ca510, 0xd06c98cd5c0975eb,
        0xe612a3cb9ecba951, 0xc766e62cfcadaf96, 0xee64435a9752fe72, 0xa192d576b245165a,
        0x0a8787bf8ecb74b2, 0x81b3e73d20b49b6f, 0x7fa8220ba3b2ecea, 0x245731c13ca42499,
        0xb78dbfaf3a8d83bd, 0xea1ad565322a1a0b, 0x60e61c23a3795013, 0x6606d7e446282b93,
        0x6ca4ecb15c5f91e1, 0x9f626da15c9625f3, 0xe51b38608ef25f57, 0x958a324ceb064572,
    ]

    @Test("SipHash-2-4 gives the reference vectors (the paper's example is the 15-byte one)")
    func sipHashVectors() {
        let k0 = UInt64(0x0706050403020100), k1 = UInt64(0x0f0e0d0c0b0a0908)
        for (length, expected) in Self.vectors.enumerated() {
            let message = (0..<length).map { UInt8($0) }
            #expect(message.withUnsafeBytes { RunnerSipHash.hash($0, k0: k0, k1: k1) } == expected, "length \(length)")
        }
        #expect(Self.vectors[15] == 0xa129ca6149be45e5)
    }

    @Test("the runner's generated source holds the very SipHash the grader checks with")
    func oneDefinition() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/WorkbookGrading/RunnerSipHash.swift")
        let text = try String(contentsOf: file, encoding: .utf8)
        let region = try #require(text.components(separatedBy: "// runner copy begins\n").last?.components(separatedBy: "// runner copy ends\n").first)
        #expect(region.contains("static func hash(") && region.contains("static func mac("))
        #expect(RunnerEntryPoint.source.contains(region))
    }

    /// `records` numbered and signed the way the runner writes them, with its completion.
    private func channel(_ records: [String], key: RunnerEntryPoint.Key, completion: Bool = true) -> [String] {
        var all = records
        if completion { all.append(#"{"kind":"workbookRunnerCompleted","passed":true,"records":\#(records.count)}"#) }
        return all.enumerated().map { number, record in
            "\(number) \(RunnerSipHash.hex(key.mac(sequence: UInt64(number), Array(record.utf8)))) \(record)"
        }
    }

    private let records = [
        #"{"kind":"test","payload":{"id":"M.S/a()","kind":"function","name":"a()","sourceLocation":{"_filePath":"/t.swift","line":3}},"version":0}"#,
        #"{"kind":"event","payload":{"kind":"testStarted","testID":"M.S/a()"},"version":0}"#,
        #"{"kind":"event","payload":{"kind":"issueRecorded","testID":"M.S/a()","messages":[{"symbol":"fail","text":"no"}]},"version":0}"#,
        #"{"kind":"event","payload":{"kind":"testEnded","testID":"M.S/a()"},"version":0}"#,
        #"{"kind":"event","payload":{"kind":"runEnded"},"version":0}"#,
    ]

    private func stream(_ lines: [String], key: RunnerEntryPoint.Key, newline: Bool = true) -> TestEventStream {
        TestEventStream(channel: Array((lines.joined(separator: "\n") + (newline ? "\n" : "")).utf8), key: key)
    }

    @Test("a genuine channel is believed, and its key is 32 hex digits of 128 fresh bits, never on the line")
    func genuine() {
        let key = RunnerEntryPoint.Key.random()
        #expect(key != RunnerEntryPoint.Key.random())
        #expect(key.hex.count == 32 && key.hex.allSatisfy(\.isHexDigit))
        #expect(key.hex.hasPrefix(String(format: "%02x", UInt8(truncatingIfNeeded: key.k0))), "k0's low byte first")
        let lines = channel(records, key: key)
        #expect(!lines.joined().contains(key.hex))
        let read = stream(lines, key: key)
        #expect(read.tampering == nil && read.runnerCompleted && read.runEnded)
        #expect(read.issues["M.S/a()"]?.first?.message == "no")
        // A crash can cut the last line short: without its newline it is left out, and is no tampering.
        let cut = stream(Array(lines.prefix(3)) + [String(lines[3].prefix(20))], key: key, newline: false)
        #expect(cut.tampering == nil && !cut.runnerCompleted && cut.started == ["M.S/a()"])
        // Marks are the number and MAC of a start or end record.
        let mark = lines[1].split(separator: " ").prefix(2).joined(separator: " ")
        #expect(read.marks[mark] == TestEventStream.Mark(starts: true, testID: "M.S/a()"))
    }

    @Test("a dropped, reordered, altered, forged, miscounted or late record makes the run tampered with",
          arguments: ["dropped", "reordered", "altered", "forged", "miscounted", "late", "another key"])
    func tampered(_ how: String) {
        let key = RunnerEntryPoint.Key.random()
        var lines = channel(records, key: key)
        switch how {
        case "dropped": lines.remove(at: 2)
        case "reordered": lines.swapAt(2, 3)
        case "altered": lines[2] = lines[2].replacingOccurrences(of: "issueRecorded", with: "issueRecordeD")
        case "forged": lines.insert(#"3 0123456789abcdef {"kind":"event","payload":{"kind":"testEnded","testID":"M.S/a()"},"version":0}"#, at: 2)
        case "miscounted": lines = Array(channel(records, key: key, completion: false).dropLast()) + [
            "4 \(RunnerSipHash.hex(key.mac(sequence: 4, Array(#"{"kind":"workbookRunnerCompleted","passed":true,"records":5}"#.utf8)))) "
                + #"{"kind":"workbookRunnerCompleted","passed":true,"records":5}"#]
        case "late": lines.append(lines[4])
        default: lines = channel(records, key: RunnerEntryPoint.Key.random())
        }
        let read = stream(lines, key: key)
        #expect(read.tampering != nil, "\(how)")
        #expect(!read.runnerCompleted, "\(how)")
        if how == "dropped" { #expect(read.tampering?.contains("record 2") == true || read.tampering?.contains("2…") == true, "\(read.tampering ?? "")") }
        // What came before the first bad line was verified; nothing after it is read.
        if how == "altered" || how == "dropped" { #expect(read.issues.isEmpty && read.started == ["M.S/a()"]) }
    }

    @Test("a @_cdecl or @_silgen_name is found at its line")
    func declarationLine() {
        let source = "import Foundation\n\n@_cdecl( \"write\" )\npublic func w() {}\n@_silgen_name(\"swift_retain\") func r()\n"
        #expect(Interposition.declarationLine(of: "write", in: source) == 3)
        #expect(Interposition.declarationLine(of: "swift_retain", in: source) == 5)
        #expect(Interposition.declarationLine(of: "read", in: source) == nil)
    }

    @Test("an `unsafe` marker, `@unsafe`, `@_cdecl` or `@_silgen_name` is refused at its line unless allowed; `nonisolated(unsafe)` is not one")
    func unsafeMarkers() {
        let source = "nonisolated(unsafe) var a = 1\n// unsafe in a comment\nlet s = \"unsafe\"\nlet b = unsafe a\n@_cdecl(\"f\") public func f() {}\n"
        #expect(UnsafeMemoryScan.refusal(source, allows: [], shownPath: "x.swift")?.hasPrefix("x.swift:4:1: error: `unsafe` is refused") == true)
        #expect(UnsafeMemoryScan.refusal(source, allows: ["unsafe"], shownPath: "x.swift")?.hasPrefix("x.swift:5:1: error: `@_cdecl` is refused") == true)
        #expect(UnsafeMemoryScan.refusal(source, allows: ["unsafe", "@_cdecl"], shownPath: "x.swift") == nil)
        #expect(UnsafeMemoryScan.refusal("nonisolated(unsafe) var a = 1\n", allows: [], shownPath: "x.swift") == nil)
        let warnings = "/w/x.swift:7:13: warning: expression uses unsafe constructs but is not marked with 'unsafe' [#StrictMemorySafety]\n"
        #expect(UnsafeMemoryScan.refusal(warnings: warnings, allows: [], shownPath: "x.swift")?
            .hasPrefix("x.swift:7:13: error: expression uses unsafe constructs but is not marked with 'unsafe': unsafe code is refused") == true)
        #expect(UnsafeMemoryScan.refusal(warnings: warnings, allows: ["unsafe"], shownPath: "x.swift") == nil)
        #expect(UnsafeMemoryScan.refusal(warnings: "/w/x.swift:1:1: warning: variable 'v' was never used\n", allows: [], shownPath: "x.swift") == nil)
        let race = "/w/x.swift:4:29: warning: expression uses unsafe constructs but is not marked with 'unsafe' [#StrictMemorySafety]\n"
            + "  |  `- note: reference to nonisolated(unsafe) var 'count' is unsafe in concurrently-executing code\n"
        #expect(UnsafeMemoryScan.refusal(warnings: race, allows: [], shownPath: "x.swift") == nil, "a data race is Forbids:'s")
    }

    static let attacks = ["fd3-filter", "cdecl-write", "stdin-buffer", "proc-fd", "proc-mem", "heap-key-safe", "heap-key-pointers"]

    /// Issue 56's forgeries: the runner's channel found in the heap and its key recovered,
    /// with pointers (refused: strict memory safety) and in safe Swift through
    /// /proc/self/mem (which the non-dumpable runner's uid cannot open).
    static let unsafeAttacks: Set<String> = ["heap-key-safe", "heap-key-pointers"]

    @Test("each forgery of a pass, in a wrong answer, fails to pass; the correct answers beside it pass", arguments: attacks)
    func forgeries(_ attack: String) async throws {
        let root = try GradingFixture.copy()
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("exercises/01-basics")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for file in ["Ex2_Apply.swift", "Ex3_Total.swift"] {
            try FileManager.default.copyItem(at: root.appendingPathComponent("Sources/Chapter01Basics/\(file)"), to: folder.appendingPathComponent(file))
        }
        try FileManager.default.copyItem(at: root.appendingPathComponent("Submissions/01-forgeries/\(attack).swift"),
                                         to: folder.appendingPathComponent("Ex1_Add.swift"))
        if !Self.unsafeAttacks.contains(attack) {
            // Issue 34's forgeries use pointers and `@_cdecl`, refused since issue 56: allowed
            // here, so that each later layer is shown to hold on its own.
            let chapter = root.appendingPathComponent("chapters/01-basics.md")
            let text = try String(contentsOf: chapter, encoding: .utf8)
            try text.replacingOccurrences(of: "(../Tests/Chapter01BasicsTests/Ex1_AddTests.swift)\n",
                                          with: "(../Tests/Chapter01BasicsTests/Ex1_AddTests.swift) · Allows: unsafe, @_cdecl\n")
                .write(to: chapter, atomically: true, encoding: .utf8)
        }
        let workbook = try Workbook(root: root)
        let grader = Grader(workbook: workbook, toolchain: try await onOwnThread { try SwiftToolchain.forTests() })
        let grade = try await onOwnThread { try grader.grade(try workbook.chapter("1")) }
        let forged = try #require(grade.exercises.first)
        #expect(forged.status != .passed, "\(attack): \(forged.message)")
        #expect(!forged.tests.contains { $0.status == .pass }, "\(attack): \(forged.tests)")
        #expect(grade.exercises.dropFirst().map(\.status) == [.passed, .passed], "\(grade.exercises.map(\.message))")
        if attack == "cdecl-write" {
            #expect(forged.status == .doesNotCompile)
            #expect(forged.message.hasPrefix("exercises/01-basics/Ex1_Add.swift:8:1: error: your file defines the symbol `write`, and the C library"),
                    "\(forged.message)")
        } else if attack == "heap-key-pointers" {
            #expect(forged.status == .doesNotCompile)
            #expect(forged.message.hasPrefix("exercises/01-basics/Ex1_Add.swift:"), "\(forged.message)")
            #expect(forged.message.contains("expression uses unsafe constructs but is not marked with 'unsafe': unsafe code is refused"),
                    "\(forged.message)")
        } else if attack == "heap-key-safe" {
            // Safe Swift compiles and runs; the memory it reads through cannot be opened.
            #expect(forged.status == .failed && forged.tests.count == 2, "\(forged.message)")
            #expect(forged.output.contains("forgery: /proc/self/mem cannot be opened"), "\(forged.output)")
        } else if attack == "proc-fd" {
            // The thief races the grader for the pipe's lines (see the fixture): a stolen line in
            // the middle is a gap (tampered with); stolen last lines leave a run without its end;
            // a thief that stole nothing leaves the honest failure (seen once in CI, on a busy machine).
            let tampered = forged.status == .failed && forged.message.hasPrefix("The results of this run were tampered with")
            let cut = forged.status == .crashed && forged.message.contains("the runner's records were kept back")
            let honest = forged.status == .failed && forged.tests.count == 2
                && forged.tests.allSatisfy { $0.status == .fail && $0.message?.contains("Expectation failed: (add(") == true }
            #expect(tampered || cut || honest, "\(attack): \(forged.status) \(forged.message) \(forged.tests)")
        } else {
            #expect(forged.status == .failed)
            #expect(forged.message.hasPrefix("The results of this run were tampered with"), "\(attack): \(forged.message)")
        }
        // The secret was not where the old token was: stdin's buffer is empty, and memory
        // holds no key line (32 hex digits before the configuration).
        if attack == "stdin-buffer" { #expect(forged.output.contains("stdin buffer: 0 bytes"), "\(forged.output)") }
        if attack == "proc-mem" { #expect(forged.output.contains("key lines found: 0"), "\(forged.output)") }
    }
}
