import Foundation
import Testing
import WorkbookTestSupport
@testable import WorkbookCLI

/// Issue 24: what an author gets told, at the file and line that holds the mistake.
@Suite("Commands for chapter authors", .serialized, .tags(.compiles))
struct AuthorCommandsTests {
    @Test("lint finds a chapter whose test target Package.swift lacks, and a suite titled unlike its heading")
    func packageAndSuiteTitle() async throws {
        let session = try FixtureSession()
        let clean = await session.run("lint")
        #expect(clean.code == 0, "\(clean.err)")
        let manifest = try #require(session.file("Package.swift"))
        try session.write(manifest.replacingOccurrences(of: #"        .testTarget(name: "Chapter02FaultsTests", dependencies: ["Chapter02Faults"]),"#, with: ""),
                          to: "Package.swift")
        let tests = "Tests/Chapter01BasicsTests/Ex2_ApplyTests.swift"
        try session.write(try #require(session.file(tests)).replacingOccurrences(of: "@Suite(\"Exercise 1.2: Call a closure twice\")",
                                                                                  with: "@Suite(\"Exercise 1.2: Apply\")"), to: tests)
        let findings = await session.run("lint")
        #expect(findings.code == 1)
        #expect(findings.err.contains("chapters/02-faults.md:1:1: error: Package.swift declares no test target Chapter02FaultsTests"), "\(findings.err)")
        #expect(findings.err.contains("\(tests):4:1: error: the suite is titled “Exercise 1.2: Apply”, but its exercise's heading is “Exercise 1.2: Call a closure twice”"),
                "\(findings.err)")
        let verify = await session.run("verify", "1")
        #expect(verify.code == 1 && verify.out.contains("lint: 2 problems"), "verify lints first: \(verify.out)")
    }
}

@Suite("Scaffolding a chapter and an exercise", .serialized)
struct ScaffoldCommandsTests {
    @Test("new chapter and new exercise write what lint and verify want, add the package entry, and overwrite nothing")
    func scaffold() async throws {
        let session = try FixtureSession()
        // This workbook's manifest shape: the chapters' modules in one list.
        try session.write("""
            // swift-tools-version:6.0
            import PackageDescription
            let chapterModules = [
                "Chapter01Basics",
                "Chapter02Faults",
                "Chapter03Hostile",
            ]
            let package = Package(name: "Fixture", targets: chapterModules.flatMap { module in
                [Target.target(name: module), .testTarget(name: module + "Tests", dependencies: [.target(name: module)])]
            })

            """, to: "Package.swift")
        let chapter = await session.run("new", "chapter", "4", "wait-for-it", "Closures that wait")
        #expect(chapter.code == 0, "\(chapter.err)")
        #expect(chapter.out.contains("wrote chapters/04-wait-for-it.md") && chapter.out.contains("changed Package.swift"))
        #expect(session.file("Package.swift")?.contains(#""Chapter04WaitForIt","#) == true)
        let exercise = await session.run("new", "exercise", "4", "DebugLog", "A log that waits")
        #expect(exercise.code == 0, "\(exercise.err)")
        #expect(session.file("Tests/Chapter04WaitForItTests/Ex1_DebugLogTests.swift")?.contains(#"@Suite("Exercise 4.1: A log that waits")"#) == true)
        let text = try #require(session.file("chapters/04-wait-for-it.md"))
        #expect(text.range(of: "## Exercise 4.1: A log that waits")!.lowerBound < text.range(of: "## Recap")!.lowerBound)
        let lint = await session.run("lint")
        #expect(lint.code == 0, "\(lint.err)")
        let again = await session.run("new", "exercise", "4", "DebugLog", "A log that waits")
        #expect(again.code == 0 && again.out.contains("kept Sources/Chapter04WaitForIt/Ex1_DebugLog.swift"))
        #expect(session.file("chapters/04-wait-for-it.md") == text, "asked again, it changed the chapter")
        let verify = await session.run("verify", "4")
        #expect(verify.code == 0, "\(verify.out)\(verify.err)")
    }
}

@Suite("Emptying the cache")
struct CleanCommandTests {
    @Test("clean removes .workbook/cache and keeps the progress")
    func clean() async throws {
        let session = try FixtureSession()
        _ = await session.run("hint", "1.1")
        try FileManager.default.createDirectory(at: session.root.appendingPathComponent(".workbook/cache/results"), withIntermediateDirectories: true)
        try session.write("{}", to: ".workbook/cache/results/x.json")
        let cleaned = await session.run("clean")
        #expect(cleaned.code == 0 && cleaned.out.contains("removed .workbook/cache"), "\(cleaned.out)\(cleaned.err)")
        #expect(!FileManager.default.fileExists(atPath: session.root.appendingPathComponent(".workbook/cache").path))
        #expect(session.file(".workbook/progress.json")?.contains("hintsShown") == true)
        #expect(await session.run("clean").out.contains("is empty already"))
    }
}

/// Issue 24's mistakes an author makes in an exercise's files, each reported at the file
/// and line that holds it, for that exercise only.
// Not serialized: each test works in a fixture copy of its own.
@Suite("An author's mistakes, at their file and line", .tags(.compiles))
struct AuthorMistakeLocationsTests {
    @Test("a broken starter line at the reference's line, a passing starter at its first marker, a missing reference for its exercise only")
    func starterAndMissingFile() async throws {
        let session = try FixtureSession()
        // 1.1: the starter is the answer.
        let add = "Sources/Chapter01Basics/Ex1_Add.swift"
        try session.write(try #require(session.file(add)).replacingOccurrences(of: "// 0  // replace with the sum", with: "// a + b"), to: add)
        // 1.2: a starter line that does not compile (a typo in the `// STARTER:` part).
        try session.write("""
            /// Calls `transform` on `value` twice.
            public func applyTwice(_ transform: (Int) -> Int, to value: Int) -> Int {
                // BEGIN SOLUTION
                transform(transform(value))
                // STARTER:
                // return transform(valu)
                // END SOLUTION
            }

            """, to: "Sources/Chapter01Basics/Ex2_Apply.swift")
        // 1.3: its reference file is gone (its tests are still there, calling it).
        try FileManager.default.removeItem(at: session.root.appendingPathComponent("Sources/Chapter01Basics/Ex3_Total.swift"))
        let verify = await session.run("verify", "1")
        #expect(verify.code == 1)
        let findings = verify.err.split(separator: "\n").filter { $0.contains(": error: exercise ") }
        #expect(findings.filter { $0.contains("exercise 1.1:") } == [
            "Sources/Chapter01Basics/Ex1_Add.swift:3:1: error: exercise 1.1: the starter passes its tests; they must fail until the exercise is solved"])
        #expect(findings.filter { $0.contains("exercise 1.2:") } == [
            "Sources/Chapter01Basics/Ex2_Apply.swift:6:25: error: exercise 1.2: the starter does not compile:"], "\(verify.err)")
        // The compiler's own line and its quote, at the reference's numbers; no starter path.
        #expect(verify.err.contains("Sources/Chapter01Basics/Ex2_Apply.swift:6:25: error: cannot find 'valu' in scope"), "\(verify.err)")
        #expect(verify.err.contains("6 |     return transform(valu)"), "\(verify.err)")
        #expect(!verify.err.contains("exercises/"), "a starter's path, which does not exist for an author:\n\(verify.err)")
        let missing = findings.filter { $0.contains("exercise 1.3:") }
        #expect(missing == ["chapters/01-basics.md:23:1: error: exercise 1.3: its reference file, Sources/Chapter01Basics/Ex3_Total.swift, does not exist; the chapter's other exercises were verified without it"],
                "\(verify.err)")
        #expect(missing.allSatisfy { $0.components(separatedBy: "error:").count == 2 }, "one error: per line")
        #expect(verify.out.contains("chapter 1: 3 exercises: 3 problems") && verify.out.contains("0 of 3 exercises keep the rule"), "\(verify.out)")
    }

    @Test("broken solution markers are that exercise's finding, at the marker's line; the others are verified")
    func brokenMarkers() async throws {
        let session = try FixtureSession()
        let add = "Sources/Chapter01Basics/Ex1_Add.swift"
        try session.write(try #require(session.file(add)).replacingOccurrences(of: "    // END SOLUTION\n", with: ""), to: add)
        let verify = await session.run("verify", "1")
        #expect(verify.code == 1)
        #expect(verify.err.contains("\(add):7:1: error: exercise 1.1: no starter can be derived: code inside the starter part of the region opened at line 3"),
                "\(verify.err)")
        #expect(!verify.err.contains("exercise 1.2:") && !verify.err.contains("exercise 1.3:"), "\(verify.err)")
        #expect(verify.out.contains("2 of 3 exercises keep the rule"), "\(verify.out)")
    }

    @Test("a misnamed suite at its struct line; a reference that crashes in its 2nd of 3 tests names that test")
    func suiteAndCrash() async throws {
        let session = try FixtureSession()
        let tests = "Tests/Chapter01BasicsTests/Ex2_ApplyTests.swift"
        try session.write(try #require(session.file(tests)).replacingOccurrences(of: "struct Ex2_ApplyTests", with: "struct Ex2_ApplyTest"), to: tests)
        try session.write("""
            /// The total of `prices`, in cents.
            public func total(_ prices: [Int]) -> Int {
                // BEGIN SOLUTION
                precondition(!prices.isEmpty, "no prices")
                return prices.reduce(0, +)
                // END SOLUTION
            }

            """, to: "Sources/Chapter01Basics/Ex3_Total.swift")
        // The 2nd test crashes while the 1st and the 3rd are still running (they run in parallel).
        try session.write("""
            import Testing
            import Chapter01Basics

            @Suite("Exercise 1.3: Total with reduce")
            struct Ex3_TotalTests {
                @Test("sums three prices")
                func three() async throws {
                    try await Task.sleep(for: .seconds(3))
                    #expect(total([499, 150, 1]) == 650)
                }

                @Test("is zero for no prices")
                func empty() async throws {
                    try await Task.sleep(for: .milliseconds(300))
                    #expect(total([]) == 0)
                }

                @Test("sums one price")
                func one() async throws {
                    try await Task.sleep(for: .seconds(3))
                    #expect(total([5]) == 5)
                }
            }

            """, to: "Tests/Chapter01BasicsTests/Ex3_TotalTests.swift")
        let lint = await session.run("lint")
        #expect(lint.err.contains("\(tests):5:1: error: \(tests) must declare its suite as a type named Ex2_ApplyTests"), "\(lint.err)")
        let verify = await session.run("verify", "1")
        #expect(verify.err.contains("\(tests):5:1: error: exercise 1.2: the reference does not pass (failed): no tests ran"), "\(verify.err)")
        #expect(verify.err.contains("error: exercise 1.3: the reference does not pass (crashed): the tests crashed in test “is zero for no prices”"),
                "\(verify.err)")
        // The reference as a learner's file: the other two were running too, and say so.
        #expect(await session.run("start", "1").code == 0)
        try session.write(try #require(session.file("Sources/Chapter01Basics/Ex3_Total.swift")), to: "exercises/01-basics/Ex3_Total.swift")
        // (JUnit: the JSON form runs the tests one at a time, to tell their output apart.)
        let junit = await session.run("check", "1.3", "--format", "junit").out
        let cases = junit.components(separatedBy: "<testcase ").dropFirst()
        #expect(cases.count == 3, "\(junit)")
        for name in ["sums three prices", "sums one price"] {
            #expect(cases.contains { $0.hasPrefix("name=\"\(name)\"") && $0.contains("it was still running when “is zero for no prices” crashed the tests") },
                    "\(name):\n\(junit)")
        }
        #expect(cases.contains { $0.hasPrefix("name=\"is zero for no prices\"") && $0.contains("the tests crashed while it ran") }, "\(junit)")
    }
}

@Suite("A figure that prints malformed SVG")
struct MalformedFigureTests {
    @Test("run fails it at the snippet's line, with the XML parser's reason, and passes the well-formed one")
    func malformedFigure() async throws {
        let workbook = try TemporaryWorkbook([
            "chapters/01-figures.md": """
                # Figures

                ```swift run figure
                print(#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="4" height="4"></svg>"#)
                ```

                ```swift run figure
                print(#"<svg xmlns="http://www.w3.org/2000/svg" width="90" height="20"><text x="1" y="12">fish & chips</text></svg>"#)
                ```

                ```swift run figure
                print(#"<svg xmlns="http://www.w3.org/2000/svg" width="90" height="20"><text x="1" y="12">fish &amp; chips</text></svg>"#)
                ```

                """,
        ])
        defer { workbook.remove() }
        let root = workbook.root
        let run = try await onOwnThread { runCLI(["run", "1"], in: root, environment: ProcessInfo.processInfo.environment) }
        #expect(run.exitCode == 1)
        #expect(run.standardOutput.contains("chapters/01-figures.md:3: failed: the figure's SVG is not well-formed XML (line 1 of its output): an element that is not closed"),
                "\(run.standardOutput)")
        #expect(run.standardOutput.contains("chapters/01-figures.md:7: failed: the figure's SVG is not well-formed XML (line 1 of its output): a bare &"),
                "\(run.standardOutput)")
        #expect(run.standardOutput.contains("chapters/01-figures.md:11: ok"), "\(run.standardOutput)")
    }
}
