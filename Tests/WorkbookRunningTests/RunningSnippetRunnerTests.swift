import Foundation
import Testing
import WorkbookTestSupport
import WorkbookSystem

/// These tests compile Swift, so they share one fixture workbook (its modules are built
/// once) and run one at a time (they share its cache).
@Suite("The snippet runner", .serialized, .tags(.compiles, .backend))
struct RunningSnippetRunnerTests {
    #if arch(arm64)
    static let trapSignal = SIGTRAP
    #else
    static let trapSignal = SIGILL
    #endif

    @Test("passes every snippet of a correct chapter, with one merged build for all but the standalone one")
    func correctChapter() async throws {
        let chapter = try await RunningFixture.chapter("01-demo.md", RunningFixture.demoChapter)
        let run = try await RunningFixture.run(chapter, .init(useCache: false))
        #expect(run.results.map(\.status) == Array(repeating: .passed, count: 6), "\(run.results.map(\.message))")
        #expect(run.results.map(\.line) == chapter.snippets.map(\.location.line))
        #expect(run.builds == 2)
        #expect(!run.fellBack)
        #expect(run.results[2].actual == "before\n", "a crash keeps what was printed before it")
        #expect(run.results[3].actual.hasPrefix("<svg") && run.results[3].actual.contains("Burger"))
    }

    @Test("answers an unchanged chapter from the cache, without compiling or running anything")
    func cachedRerun() async throws {
        let chapter = try await RunningFixture.chapter("01-demo.md", RunningFixture.demoChapter)
        let first = try await RunningFixture.run(chapter)
        let again = try await RunningFixture.run(chapter)
        #expect(again.results == first.results)
        #expect(again.cached == chapter.snippets.count)
        #expect(again.builds == 0)
    }

    @Test("names each way a snippet can go wrong, and builds the rest again without the one that does not compile")
    func brokenChapter() async throws {
        let chapter = try await RunningFixture.chapter("02-changed.md", """
            # Changed

            ```swift run
            print("hello")
            ```

            ```output
            hullo
            ```

            ```swift run
            # import Chapter01Demo
            print(add(2, "2"))
            ```

            ```output
            4
            ```

            ```swift run
            print("still fine")
            ```

            ```output
            still fine
            ```

            ```swift run
            print("looping")
            while true { usleep(1000) }
            ```

            ```output
            looping
            ```

            ```swift run
            print("step 1")
            fatalError("boom")
            ```

            ```output
            step 1
            ```

            ```swift run crash
            print("no crash here")
            ```

            ```output
            no crash here
            ```
            """)
        let run = try await RunningFixture.run(chapter, .init(timeout: 2))
        #expect(run.results.map(\.status) == [.mismatch, .compileError, .passed, .timedOut, .failed, .failed])
        #expect(run.results[0].expected == "hullo\n" && run.results[0].actual == "hello\n")
        let brokenLine = chapter.snippets[1].firstCodeLine + 1
        #expect(run.results[1].message.hasPrefix("chapters/02-changed.md:\(brokenLine):14: error: "), "\(run.results[1].message)")
        #expect(run.results[3].actual == "looping\n", "what a snippet printed before it was stopped is kept")
        #expect(run.results[4].message.contains("boom"))
        // fatalError is a trap instruction: ud2 (SIGILL) on x86-64, brk (SIGTRAP) on arm64.
        #expect(run.results[4].message.contains(ChildProcess.Termination.signaled(Self.trapSignal).description), "\(run.results[4].message)")
        #expect(run.results[5].message.contains("marked `crash`"))
        #expect(run.builds == 2, "one failed merged build, then one without the broken snippet")
        #expect(!run.fellBack)
    }

    @Test("compiles snippets one by one when the merged build fails with an error that belongs to no snippet")
    func fallBack() async throws {
        let chapter = try await RunningFixture.chapter("03-unbalanced.md", """
            # Unbalanced

            ```swift run
            print("one")
            ```

            ```output
            one
            ```

            ```swift run
            if true {
                print("two")
            ```

            ```output
            two
            ```

            ```swift run
            print("three")
            ```

            ```output
            three
            ```
            """)
        let run = try await RunningFixture.run(chapter, .init(useCache: false))
        #expect(run.results.map(\.status) == [.passed, .compileError, .passed])
        #expect(run.fellBack)
        #expect(run.builds == 4)
    }

    @Test("reports a module that does not compile at the snippet's import line, and runs the others")
    func brokenModule() async throws {
        let chapter = try await RunningFixture.chapter("04-broken.md", """
            # Broken module

            ```swift run
            print("first")
            # import Chapter09Broken
            print(broken())
            ```

            ```output
            0
            ```

            ```swift run
            print("unaffected")
            ```

            ```output
            unaffected
            ```
            """)
        let run = try await RunningFixture.run(chapter)
        #expect(run.results.map(\.status) == [.compileError, .passed])
        let importLine = chapter.snippets[0].firstCodeLine + 1
        #expect(run.results[0].message.hasPrefix("chapters/04-broken.md:\(importLine):1: error: module Chapter09Broken does not compile"))
    }

    @Test("runs each merged snippet in a process forked from one start of the program, its output capped")
    func forked() async throws {
        let chapter = try await RunningFixture.chapter("05-forked.md", """
            # Forked

            ```swift run
            let parent = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\\(getppid())/exe")
            print(URL(fileURLWithPath: parent).lastPathComponent)
            ```

            ```output
            program
            ```

            ```swift run
            print(String(repeating: "x", count: 5000))
            ```

            ```output
            x
            ```

            ```swift run
            DispatchQueue.main.async { print("never printed: nothing drains the main queue") }
            print(Thread.isMainThread)
            ```

            ```output
            true
            ```
            """)
        let run = try await RunningFixture.run(chapter, .init(outputLimit: 1000, useCache: false))
        #expect(run.results[0].status == .passed, "the parent of a snippet's process is the merged program: \(run.results[0].actual)")
        #expect(run.results[1].actual == String(repeating: "x", count: 1000), "output past the limit is dropped")
        #expect(run.results[2].status == .passed, "a snippet without await runs on the main thread, like a plain script: \(run.results[2].actual)")
        #expect(run.builds == 1)
    }

    @Test("runs a learner's file with the chapter modules, Diner and Stage importable")
    func script() async throws {
        let ran = try await RunningFixture.script(
            "import Chapter01Demo\nimport Diner\nprint(add(1, 2), Dish(name: \"Fries\").name)\n", displayPath: "scratch.swift")
        #expect(ran.ending == .exited(0))
        #expect(ran.standardOutput == "3 Fries\n")

        let broken = try await RunningFixture.script("print(1)\nlet x: Int = \"no\"\n", displayPath: "play/scratch.swift")
        #expect(broken.ending == .didNotCompile)
        #expect(broken.diagnostics.hasPrefix("play/scratch.swift:2:14: error: "), "\(broken.diagnostics)")
    }
}
