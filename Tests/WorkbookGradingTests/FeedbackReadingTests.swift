import Foundation
import Testing
@testable import WorkbookGrading

@Suite("Reading the learner's code and a crash for the report")
struct FeedbackReadingTests {
    static let learner = """
        import Stage

        /// Where a move ends. // func notADeclaration
        public enum Move {
            case up, down
            public func target(for view: View) -> CGRect {
                let local = "func fake()"
                return view.frame
            }
        }

        extension Move {
            public static var all: [Move] { [.up, .down] }
        }

        public func step(_ move: Move) {}
        """

    @Test("finds declarations with their type and line, skipping comments, strings and locals")
    func declarations() {
        let found = Declarations(source: Self.learner).all.map { "\($0.qualifiedName):\($0.line)" }
        #expect(found == ["Move:4", "Move.up:5", "Move.target:6", "Move.all:13", "step:16"])
    }

    @Test("tells a function from a value: only a function's body runs when a test names it")
    func functions() {
        let found = Declarations(source: Self.learner).all.filter(\.isFunction).map(\.qualifiedName)
        #expect(found == ["Move.target", "step"])
    }

    @Test("names the declarations a test's code uses")
    func used() {
        let used = Declarations(source: Self.learner).used(in: "#expect(step(.up) == ()); let m = Move.up.target(for: v)")
        #expect(used.map(\.qualifiedName) == ["Move", "Move.up", "Move.target", "step"])
    }

    static let backtrace = """
        Swift/ContiguousArrayBuffer.swift:692: Fatal error: Index out of range

        *** Signal 4: Backtracing from 0x7f875596df7f... done ***

        *** Program crashed: Illegal instruction at 0x00007f875596df7f ***

        Thread 1 "oot.default-qos" crashed:

          0                  0x00007f875596df7f closure #1 in closure #1 in _assertionFailure(_:_:file:line:flags:) + 623 in libswiftCore.so
          1 [ra]             0x00007f8755af961f _assertionFailure(_:_:file:line:flags:) + 302 in libswiftCore.so
          2 [ra]             0x00007f8756301225 closure #1 in Move.target(for:) + 52 in libChapter04Animation.so
          3 [ra]             0x00007f8756301225 step(_:) + 12 in libChapter04Animation.so
          4 [ra]             0x000055b41d4ef3a5 Ex1_MovesTests.step() + 148 in runner

        Backtrace took 0.02s
        """

    @Test("keeps the trap line and the crashed thread's frames in the learner's files, innermost first")
    func crashFrames() {
        let file = CrashReport.LearnerFile(displayPath: "exercises/04-animation/Ex1_Moves.swift", declarations: Declarations(source: Self.learner))
        let crash = CrashReport(standardError: Self.backtrace, learnerFiles: [file])
        #expect(crash.trapLine == "Swift/ContiguousArrayBuffer.swift:692: Fatal error: Index out of range")
        #expect(crash.frames.count == 5)
        #expect(crash.learnerFrames == [
            "exercises/04-animation/Ex1_Moves.swift:6: in Move.target",
            "exercises/04-animation/Ex1_Moves.swift:16: in step",
        ])
        #expect(!crash.inDispatchSync)
        #expect(crash.describe(signal: SIGILL) == "SIGILL (illegal instruction: a Swift runtime trap)")
    }

    @Test("a frame is the learner's by its file: a system library's or another file's function named like a learner's is not")
    func framesByFile() {
        let file = CrashReport.LearnerFile(displayPath: "exercises/01-blocks/Ex1_Operations.swift",
                                           declarations: Declarations(source: "public func apply(_ f: () -> Void) { f() }\n"),
                                           path: "/w/exercises/01-blocks/Ex1_Operations.swift")
        let crash = CrashReport(standardError: """
            Thread 1 crashed:

              0      0x00007f0b239c97d8 __DISPATCH_WAIT_FOR_QUEUE__ + 344 in libdispatch.so
              1 [ra] 0x00007f0b239c92d3 _dispatch_apply_invoke + 194 in libdispatch.so
              2 [ra] 0x00007f0b239c92d3 apply(_:) + 12 in libStage.so at /w/Sources/Stage/Queue.swift:72:5
              3 [ra] 0x00007f0b239c92d3 closure #1 in apply(_:) + 12 in libChapter01Blocks.so at /w/exercises/01-blocks/Ex1_Operations.swift:3:9
              4 [ra] 0x00007f0b239c92d3 apply(_:) + 40 in runner
            """, learnerFiles: [file])
        #expect(crash.learnerFrames == ["exercises/01-blocks/Ex1_Operations.swift:3: in apply"], "\(crash.learnerFrames)")
        let systemOnly = CrashReport(standardError: """
            Thread 1 crashed:

              0      0x00007f0b239c97d8 __DISPATCH_WAIT_FOR_QUEUE__ + 344 in libdispatch.so
              1 [ra] 0x00007f0b239c92d3 apply(_:) + 194 in libdispatch.so
            """, learnerFiles: [file])
        #expect(systemOnly.learnerFrames.isEmpty, "\(systemOnly.learnerFrames)")
    }

    @Test("names libdispatch, recursion and SIGKILL only when the output shows them")
    func establishedCauses() {
        let dispatch = CrashReport(standardError: """
            Thread 3 crashed:

              0      0x00007f0b239c97d8 __DISPATCH_WAIT_FOR_QUEUE__ + 344 in libdispatch.so
              1 [ra] 0x00007f0b239c92d3 _dispatch_sync_f_slow + 194 in libdispatch.so
            """, learnerFiles: [])
        #expect(dispatch.inDispatchSync)
        #expect(dispatch.describe(signal: SIGILL) == "a trap in libdispatch (SIGILL)")

        let silent = CrashReport(standardError: "", learnerFiles: [])
        #expect(!silent.inDispatchSync)
        #expect(silent.describe(signal: SIGSEGV) == "a bad memory access (SIGSEGV)")
        #expect(silent.describe(signal: SIGILL) == "SIGILL (illegal instruction: a Swift runtime trap)")
        #expect(silent.describe(signal: SIGTRAP) == "SIGTRAP (trace trap: a Swift runtime trap)")
        #expect(!silent.describe(signal: SIGKILL).contains("deadlock"))

        let file = CrashReport.LearnerFile(displayPath: "exercises/x/Ex1.swift", declarations: Declarations(source: "func deep(_ n: Int) -> Int { deep(n + 1) }"))
        let frames = (0..<20).map { "  \($0) [ra] 0x00007f0000001000 deep(_:) + 12 in libChapter.so" }.joined(separator: "\n")
        let recursion = CrashReport(standardError: "Thread 1 crashed:\n\n" + frames, learnerFiles: [file])
        #expect(recursion.describe(signal: SIGSEGV).contains("`deep` called itself 20+ times in a row: deep recursion ran out of stack"))
        #expect(recursion.learnerFrames == ["exercises/x/Ex1.swift:1: in deep"])
    }

    @Test("quotes the failing statement of a test with all its arguments")
    func statement() {
        let lines = ["    @Test func a() {", "        #expect(x == 1,", "                \"x (\\(x)) should be 1\")", "    }"]
        #expect(Interpretation.statement(lines: lines, at: 2) == "2 |         #expect(x == 1,\n3 |                 \"x (\\(x)) should be 1\")")
    }
}
