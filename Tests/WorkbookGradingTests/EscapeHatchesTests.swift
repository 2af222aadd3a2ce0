import Foundation
import Testing
@testable import WorkbookGrading
@testable import WorkbookModel

/// Issue 34: the escape hatches a submission uses are notes for a teacher, found by tokens.
@Suite("Escape hatches")
struct EscapeHatchesTests {
    /// Each table row, used once at a known line (the line after its comment).
    static let uses: [(name: String, code: String)] = [
        ("syscall", "let pid = syscall(39)"),
        ("dlsym", "let symbol = dlsym(nil, \"main\")"),
        ("dlopen", "let library = Glibc.dlopen(nil, 0)"),
        ("@_silgen_name", "@_silgen_name(\"swift_retain\") func retain(_ p: UnsafeRawPointer)"),
        ("@_cdecl", "@_cdecl(\"total\") public func exported() {}"),
        ("unsafeBitCast", "let f = unsafeBitCast(address, to: (@convention(c) () -> Void).self)"),
        ("/proc", "let status = try String(contentsOfFile: \"/proc/self/status\")"),
        ("dup2", "dup2(4, 1)"),
        ("dup", "let copy = dup(1)"),
        ("close", "close(3)"),
        ("write", "write(5, buffer, 4)"),
        ("read", "read(7, &buffer, 4)"),
        ("fcntl", "_ = fcntl(fd, F_GETFD)"),
        ("_exit", "_exit(0)"),
        ("exit", "exit(0)"),
        ("Process", "let child = Process()"),
        ("posix_spawn", "posix_spawnp(&pid, \"ls\", nil, nil, argv, nil)"),
        ("fork", "let pid = fork()"),
        ("execv", "execvp(\"sh\", argv)"),
        ("ptrace", "ptrace(0, 0, nil, nil)"),
        ("mprotect", "mprotect(page, 4096, 7)"),
    ]

    @Test("every row of the table is found, at its line")
    func eachRowAtItsLine() {
        #expect(Set(Self.uses.map(\.name)) == Set(EscapeHatches.names), "a test line for every row of the table")
        for (name, code) in Self.uses {
            let source = "import Foundation\n\n// uses \(name)\nfunc f() {\n    \(code)\n}\n"
            let found = EscapeHatchScan.scan(source, path: "exercises/01-blocks/Ex2_Counter.swift")
            #expect(found == [EscapeHatch(name: name, path: "exercises/01-blocks/Ex2_Counter.swift", line: 5)], "\(name): \(found)")
        }
    }

    @Test("not in a comment or a string (except /proc, looked for in strings), nor a member or a declaration")
    func notInCommentsOrStrings() {
        let source = """
            // exit(0) and dlsym(nil, "x") in a comment
            /* fork() in a block comment, /proc/self */
            let text = "exit(0) Process() syscall(1) @_cdecl"
            let multi = \"\"\"
                fork()
                \"\"\"
            func exit(code: Int) {}
            enum Step { case exit(Int) }
            let step = Step.exit(1)
            close(1); write(2, p, 1); read(0, p, 1)
            let stdout = close(fd)
            let plain = unsafeBitCast(1, to: UInt.self)
            """
        #expect(EscapeHatchScan.scan(source, path: "f.swift") == [], "\(EscapeHatchScan.scan(source, path: "f.swift"))")
        #expect(EscapeHatchScan.scan("// \"/proc/self\"\nlet maps = \"/proc/self/maps\"\n", path: "f.swift") == [EscapeHatch(name: "/proc", path: "f.swift", line: 2)])
    }

    @Test("a call inside a string's interpolation is code, and flagged; the interpolation's nested string is a string")
    func inInterpolations() {
        let source = ##"""
            let a = "total: \(dlsym(nil, "x"))"
            let b = "\(f("exit(0)")) and \((1 + 2)) then"; let c = Process()
            let raw = #"\#(fork()) \(exit(1))"#
            let nested = "\(g("/proc/\(h())"))"
            let multi = """
                \(syscall(1))
                """
            let after = "\(x)" + "exit(0)"
            """##
        let found = EscapeHatchScan.scan(source, path: "f.swift").map { "\($0.name):\($0.line)" }
        // `exit(1)` in a raw string is text (its `\(` is not an interpolation there); the
        // strings' own text (`"exit(0)"`) is never code.
        #expect(found == ["dlsym:1", "Process:2", "fork:3", "/proc:4", "syscall:6"], "\(found)")
        // The mask keeps the interpolation apart from code: mutation and the starter
        // comparison see a string there, as before.
        let mask = CodeMask(["let a = \"\\(f(1))\""])
        #expect(mask.code(line: 0) == "let a =")
        #expect(String(zip(mask.characters[0], mask.interpolations[0]).compactMap { $1 ? $0 : nil }) == "f(1)")
    }

    @Test("an allowed hatch is not flagged; the others on the same file still are")
    func allowedNotFlagged() {
        let source = "import Foundation\nlet p = Process()\nexit(1)\n"
        #expect(EscapeHatchScan.scan(source, path: "f.swift", allowed: ["Process"]).map(\.name) == ["exit"])
        #expect(EscapeHatchScan.scan(source, path: "f.swift", allowed: ["Process", "exit"]) == [])
    }

    @Test("the files paragraph's Allows: names hatches; an unknown name is an error at the paragraph's line")
    func allowsParagraph() {
        let chapter = """
            # Blocks

            ## Exercise 1.1: Count

            Count.

            Reference: [Ex1_Count.swift](../Sources/Chapter01Blocks/Ex1_Count.swift) ·
            Tests: [Ex1_CountTests.swift](../Tests/Chapter01BlocksTests/Ex1_CountTests.swift) · Allows: Process, exit · Points: 2

            """
        let parsed = ChapterParser(path: "chapters/01-blocks.md").parse(chapter)
        let exercise = parsed.chapter?.exercises.first
        #expect(exercise?.allows == ["Process", "exit"])
        #expect(exercise?.points == 2, "the paragraph's other parts still read")
        #expect(!parsed.diagnostics.contains { $0.message.contains("Allows") })
        let wrong = ChapterParser(path: "chapters/01-blocks.md").parse(chapter.replacingOccurrences(of: "Process, exit", with: "Process, spawn"))
        let error = wrong.diagnostics.first { $0.message.contains("'Allows:'") }
        #expect(error?.message.contains("not 'spawn'") == true, "\(wrong.diagnostics)")
        #expect(error?.location.line == 7)
        #expect(wrong.chapter?.exercises.first?.allows == ["Process"])
    }

    @Test("every reference solution of the real chapters scans clean, unless its exercise allows the hatch")
    func referencesScanClean() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let workbook = try Workbook(root: root)
        let exercises = workbook.chapters.flatMap(\.exercises).filter { $0.referenceFile?.hasSuffix(".swift") == true }
        #expect(exercises.count >= 20, "the five chapters' exercises")
        for exercise in exercises {
            let path = try #require(exercise.referenceFile)
            let text = try String(contentsOf: workbook.url(path), encoding: .utf8)
            let found = EscapeHatchScan.scan(text, path: path, allowed: exercise.allows)
            #expect(found == [], "\(exercise.id): \(found)")
        }
    }

    @Test("a grade keeps its hatches through JSON, and says nothing of them when there are none")
    func codable() throws {
        var grade = ExerciseGrade(id: ExerciseID("1.2")!, title: "Count", status: .passed)
        let plain = String(decoding: try JSONEncoder().encode(grade), as: UTF8.self)
        #expect(!plain.contains("escapeHatches"))
        grade.escapeHatches = [EscapeHatch(name: "dlsym", path: "01-blocks/Ex2_Counter.swift", line: 14)]
        let decoded = try JSONDecoder().decode(ExerciseGrade.self, from: JSONEncoder().encode(grade))
        #expect(decoded.escapeHatches == grade.escapeHatches)
    }
}
