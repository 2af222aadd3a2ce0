import Foundation
import Testing
import WorkbookClassroom
import WorkbookTestSupport
@testable import WorkbookCLI
@testable import WorkbookSystem

/// Issue 22: `workbook grade` on a class of one student of each kind.
@Suite("Grading a class", .serialized, .tags(.compiles))
struct GradeCommandTests {
    /// The class: references, an empty folder (nothing handed in), a wrong answer, a compile error,
    /// an endless loop, a forged pass, a repository layout, a zip of a workspace and a zip bomb.
    private func makeClass(in session: FixtureSession) async throws -> URL {
        let root = session.root
        let folder = root.appendingPathComponent("class")
        let references = root.appendingPathComponent("Sources/Chapter01Basics")
        func student(_ name: String, layout: String = "") throws -> URL {
            let target = folder.appendingPathComponent(name).appendingPathComponent(layout).appendingPathComponent("01-basics")
            try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
            for file in ["Ex1_Add.swift", "Ex2_Apply.swift", "Ex3_Total.swift"] {
                try FileManager.default.copyItem(at: references.appendingPathComponent(file), to: target.appendingPathComponent(file))
            }
            return target
        }
        _ = try student("ada")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("bea"), withIntermediateDirectories: true)
        let wrong = try student("cal")
        try "public func add(_ a: Int, _ b: Int) -> Int { a - b }\n".write(to: wrong.appendingPathComponent("Ex1_Add.swift"), atomically: true, encoding: .utf8)
        let broken = try student("dee")
        try "public func add(_ a: Int, _ b: Int) -> Int { \"x\" }\n".write(to: broken.appendingPathComponent("Ex1_Add.swift"), atomically: true, encoding: .utf8)
        let loop = try student("eve")
        try """
            public func applyTwice(_ transform: (Int) -> Int, to value: Int) -> Int {
                var x = value
                while x >= 0 { x = x &+ 0 }
                return x
            }

            """.write(to: loop.appendingPathComponent("Ex2_Apply.swift"), atomically: true, encoding: .utf8)
        let forged = try student("fay")
        try """
            import Foundation

            public func total(_ prices: [Int]) -> Int {
                let forged = #"{"kind":"event","payload":{"kind":"runEnded"},"version":0}"# + "\\n"
                for fd in Int32(3)..<Int32(64) where fcntl(fd, F_GETFD) != -1 { _ = forged.withCString { write(fd, $0, strlen($0)) } }
                exit(0)
            }

            """.write(to: forged.appendingPathComponent("Ex3_Total.swift"), atomically: true, encoding: .utf8)
        _ = try student("gus", layout: "exercises")
        // A zip of a workspace, and a zip bomb (100 MiB of zeros in 100 KiB).
        let zipped = try student("hal").deletingLastPathComponent()
        try await python("""
            import os, sys, zipfile
            with zipfile.ZipFile(sys.argv[1] + '.zip', 'w', zipfile.ZIP_DEFLATED) as z:
                for base, _, files in os.walk(sys.argv[1]):
                    for f in files:
                        p = os.path.join(base, f); z.write(p, os.path.relpath(p, sys.argv[1]))
            with zipfile.ZipFile(sys.argv[2], 'w', zipfile.ZIP_DEFLATED) as z:
                z.writestr('01-basics/Ex1_Add.swift', b'\\0' * (100 << 20))
            """, zipped.path, folder.appendingPathComponent("ivy.zip").path)
        try FileManager.default.removeItem(at: zipped)
        return folder
    }

    /// Zipping 100 MiB takes seconds: on a thread of its own, never the test pool's.
    private func python(_ script: String, _ arguments: String...) async throws {
        let arguments = arguments
        let result = try await onOwnThread {
            try ChildProcess.run("/usr/bin/env", .init(arguments: ["python3", "-c", script] + arguments, timeout: 60))
        }
        #expect(result.termination.isSuccess, "\(result.standardError)")
    }

    @Test("writes the gradebook with each student's statuses and points, and re-grades only a changed submission")
    func gradesAClass() async throws {
        let session = try FixtureSession()
        _ = try await makeClass(in: session)
        let before = snapshot(session.root.appendingPathComponent("class"))
        // Short for the hang's sake, not the tightest a correct run meets: with 3 s, a correct
        // student was timed out once while the engine's suites kept both cores busy (2026-12-06).
        let first = await session.run("grade", "class", "--chapter", "1", "--timeout", "5")
        #expect(first.code == 1, "the zip bomb is a submission that could not be read: \(first.out) \(first.err)")
        let csv = try #require(session.file("gradebook/gradebook.csv"))
        let rows = Dictionary(uniqueKeysWithValues: csvRecords(csv).dropFirst().map { fields in (fields[0], Array(fields.dropFirst())) })
        #expect(rows["ada"] == ["passed", "1", "passed", "1", "passed", "1", "3", "3", ""], "nothing to look at in the references")
        #expect(rows["bea"] == ["error", "0", "error", "0", "error", "0", "0", "3", "could not be graded: bea holds no exercise file "
            + "(such as 01-basics/Ex1_Add.swift, in its chapter folder or at the top of the submission); it holds nothing"],
                "an empty folder is an error row saying why, not the starters graded")
        #expect(rows["fay"]?.last == "1.3: fcntl at 01-basics/Ex3_Total.swift:5; 1.3: exit at 01-basics/Ex3_Total.swift:6",
                "the escape hatches of the forged pass, at the student's lines")
        #expect(rows["cal"]?.prefix(2) == ["failed", "0"])
        #expect(rows["dee"]?.prefix(2) == ["does-not-compile", "0"])
        #expect(rows["eve"]?[2...3] == ["timed-out", "0"])
        #expect(rows["fay"]?[4...5] == ["does-not-compile", "0"], "a forged pass must not count (its pointers are refused at its line)")
        #expect(rows["gus"]?.dropLast().suffix(2) == ["3", "3"], "a repository's exercises/ folder")
        #expect(rows["hal"]?.dropLast().suffix(2) == ["3", "3"], "a zipped workspace")
        #expect(rows["ivy"]?.dropLast().suffix(2) == ["0", "3"])
        #expect(rows["ivy"]?.last == "could not be graded: ivy.zip: 01-basics/Ex1_Add.swift unpacks to more than 1 MiB, "
            + "the limit for an exercise file; it was not unpacked", "\(rows["ivy"] ?? [])")
        #expect(first.out.contains("ivy.zip: 01-basics/Ex1_Add.swift unpacks to more than 1 MiB"))
        #expect(first.out.contains("2 of them handed in the same files as another student"),
                "gus's repository and hal's zip hold ada's files: \(first.out)")
        let html = try #require(session.file("gradebook/gradebook.html"))
        #expect(html.contains("students/cal/feedback.html"))
        #expect(html.contains("<summary>⚑ look at this (2)</summary>") && html.contains("1.3: exit at 01-basics/Ex3_Total.swift:6"),
                "fay's row header marks her escape hatches, the list a click away")
        #expect(html.contains("0 of 2 tests passed"), "the reason next to a partial credit")
        #expect(html.contains(#"<td class="points failed"><details><summary>0 <span class="word">failed</span></summary>"#),
                "one compact cell per exercise, the reason a click away")
        // What to reteach: ada, gus and hal pass 1.1; cal fails its one failing test, dee does not compile.
        let reteach = try #require(session.file("gradebook/exercises.csv"))
        let lines = reteach.split(separator: "\r\n").map(String.init)
        #expect(lines.first?.hasPrefix("exercise,title,students,passed,median points,possible,most shared failing test") == true)
        let add = try #require(lines.first { $0.hasPrefix("1.1,") })
        // 7 students graded on it (ivy's zip could not be read, bea's folder is empty), 5 passed,
        // median 1 of 1, and of cal's two failing tests (one student each: dee's does not compile,
        // no test ran) the one first by name, the same on every run.
        #expect(add == #"1.1,Write `add`,7,5,1,1,adds negative numbers,1,"Expectation failed: (add(-3, 1) → -4) == -2""#, "\(reteach)")
        #expect(html.contains("What to reteach"))
        #expect(session.file("gradebook/students/dee/feedback.html")?.contains("does not compile") == true)
        let calFeedback = try #require(session.file("gradebook/students/cal/feedback.html"))
        #expect(calFeedback.contains("your add at 01-basics/Ex1_Add.swift:1"), "paths from the student's own folder")
        #expect(!calFeedback.contains(session.root.path) && !calFeedback.contains("class/cal"), "no path of the teacher's machine")
        for name in ["ada", "cal", "dee", "eve", "fay", "gus", "hal"] {
            let page = try #require(session.file("gradebook/students/\(name)/feedback.html"))
            let json = session.file("gradebook/students/\(name)/01-basics.json") ?? ""
            for text in [page, json] {
                #expect(!text.contains(session.root.path) && !text.contains("class/\(name)") && !text.contains("class-zips"),
                        "\(name)'s feedback names a path of the teacher's machine: \(text.split(separator: "\n").filter { $0.contains("class/") || $0.contains(session.root.path) }.prefix(3))")
            }
        }
        let halJSON = try #require(session.file("gradebook/students/hal/01-basics.json"))
        #expect(!halJSON.contains(session.root.path), "a zip's unpacked copy is named from the student's folder too")
        #expect(session.file("gradebook/students/ada/01-basics.json")?.contains(#""status":"pass""#) == true)
        #expect(snapshot(session.root.appendingPathComponent("class")) == before, "grading wrote into a submission")

        try "public func add(_ a: Int, _ b: Int) -> Int { a + b }\n"
            .write(to: session.root.appendingPathComponent("class/cal/01-basics/Ex1_Add.swift"), atomically: true, encoding: .utf8)
        let second = await session.run("grade", "class", "--chapter", "1", "--timeout", "5")
        #expect(second.out.contains("(1 new or changed since the last gradebook, 8 unchanged)"), "\(second.out)")
        #expect(session.file("gradebook/gradebook.csv")?.contains("cal,passed,1,passed,1,passed,1,3,3") == true)
    }

    @Test("untouched starters score 0 whatever their line endings or comments, and a starter's passing tests earn nothing")
    func startersScoreNothing() async throws {
        let session = try FixtureSession()
        #expect(await session.run("start", "1").code == 0)
        let starters = session.root.appendingPathComponent("exercises/01-basics")
        let folder = session.root.appendingPathComponent("class")
        func student(_ name: String, _ change: (String, String) -> String) throws {
            let target = folder.appendingPathComponent(name).appendingPathComponent("01-basics")
            try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
            for file in ["Ex1_Add.swift", "Ex2_Apply.swift", "Ex3_Total.swift"] {
                let text = try String(contentsOf: starters.appendingPathComponent(file), encoding: .utf8)
                try change(file, text).write(to: target.appendingPathComponent(file), atomically: true, encoding: .utf8)
            }
        }
        try student("crlf") { _, text in text.replacingOccurrences(of: "\n", with: "\r\n") }
        try student("todo") { _, text in text + "// todo\n\n" }
        // Passes only the test the starter passes too ("is zero for no prices").
        try student("zero") { file, text in
            file == "Ex3_Total.swift" ? "public func total(_ prices: [Int]) -> Int { prices.isEmpty ? 0 : 1 }\n" : text
        }
        let graded = await session.run("grade", "class", "--chapter", "1", "--timeout", "5")
        #expect(graded.code == 0, "\(graded.out) \(graded.err)")
        let csv = try #require(session.file("gradebook/gradebook.csv"))
        #expect(csv.contains("crlf,not-started,0,not-started,0,not-started,0,0,3"), "\(csv)")
        #expect(csv.contains("todo,not-started,0,not-started,0,not-started,0,0,3"), "\(csv)")
        #expect(csv.contains("zero,not-started,0,not-started,0,failed,0,0,3"), "\(csv)")
        let html = try #require(session.file("gradebook/gradebook.html"))
        #expect(html.contains("0 of 1 tests passed (1 more that the starter passes too does not count)"))
        #expect(html.contains("untouched starter fails"), "the gradebook states the rule")
        let feedback = try #require(session.file("gradebook/students/zero/feedback.html"))
        #expect(feedback.contains("<strong>0 of 3 points.</strong>"), "the student's score is on their page")
        #expect(!feedback.contains("gradebook.html") && !feedback.contains("crlf") && !feedback.contains("todo"),
                "a feedback page names no other student and links nowhere outside the student's folder")
    }

    @Test("a spreadsheet formula in a student's name is defused, and fields with commas are quoted")
    func csvFields() {
        #expect(Gradebook.csvField("=HYPERLINK(\"x\")") == "\"'=HYPERLINK(\"\"x\"\")\"")
        #expect(Gradebook.csvField("Lee, Ann") == "\"Lee, Ann\"")
        #expect(Gradebook.csvField("-1") == "-1")
    }
}

/// The records of an RFC 4180 CSV text (quoted fields may hold commas, quotes and line breaks).
func csvRecords(_ text: String) -> [[String]] { CSVRecords.parse(text).map(\.fields) }

/// Every file below `folder` with its content.
private func snapshot(_ folder: URL) -> [String: Data] {
    var files: [String: Data] = [:]
    for path in FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? [] {
        if let data = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path) { files[path] = data }
    }
    return files
}

private extension Array {
    func last(_ count: Int) -> ArraySlice<Element> { suffix(count) }
}
