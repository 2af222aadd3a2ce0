import Foundation
import Testing
import WorkbookKit
import WorkbookTestSupport
@testable import WorkbookCLI

/// Issue 24: what an author gets told, at the file and line that holds the mistake.
@Suite("Commands for chapter authors", .serialized)
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
