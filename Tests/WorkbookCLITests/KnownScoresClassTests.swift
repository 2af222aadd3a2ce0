import Foundation
import Testing
import WorkbookTestSupport
@testable import WorkbookCLI
@testable import WorkbookSystem
@testable import WorkbookModel

/// Issue 32: a class whose right scores are known (Tests/Fixtures/KnownScoresClass: 16
/// students of the grading fixture's chapter 1, each a case a teacher meets — see its
/// README), graded once; every cell of gradebook.csv must equal the one written by hand.
@Suite("Grading a class with known scores", .serialized, .tags(.compiles))
struct KnownScoresClassTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/KnownScoresClass")
    /// A comma, quotes, `<`, `#` and a leading `=`: CSV, HTML, spreadsheet and URL escaping at once.
    static let escapedName = #"=O'Brien, "Sam" <b>#2"#

    /// The class folder: `class/` as it is, one student renamed to `escapedName`, and each
    /// folder of `zipped/` as a zip of what it holds (lou: a wrapping folder; max: bare files).
    private func makeClass(in session: FixtureSession) async throws {
        let folder = session.root.appendingPathComponent("class")
        try FileManager.default.copyItem(at: Self.fixture.appendingPathComponent("class"), to: folder)
        try FileManager.default.moveItem(at: folder.appendingPathComponent("needs-escaping"),
                                         to: folder.appendingPathComponent(Self.escapedName))
        let zipped = Self.fixture.appendingPathComponent("zipped")
        let result = try await onOwnThread {
            try ChildProcess.run("/usr/bin/env", .init(arguments: ["python3", "-c", """
                import os, sys, zipfile
                for name in sorted(os.listdir(sys.argv[1])):
                    top = os.path.join(sys.argv[1], name)
                    with zipfile.ZipFile(os.path.join(sys.argv[2], name + '.zip'), 'w', zipfile.ZIP_DEFLATED) as z:
                        for base, _, files in sorted(os.walk(top)):
                            for f in sorted(files):
                                p = os.path.join(base, f); z.write(p, os.path.relpath(p, top))
                """, zipped.path, folder.path], timeout: 60))
        }
        #expect(result.termination.isSuccess, "\(result.standardError)")
    }

    @Test("gradebook.csv is the one written by hand; the copiers are a pair; each test's output is in the JSON")
    func knownScores() async throws {
        let session = try FixtureSession()
        try await makeClass(in: session)
        // The hang costs its time limit: short, but not so short that a correct run misses it
        // on a busy machine (with 2 s, ada's runner was timed out in 2 of 3 engine runs on a
        // loaded 2-core machine, 2026-12-06).
        let parsedBefore = Course.parses.below(session.root)
        let graded = await session.run("grade", "class", "--chapter", "1", "--timeout", "5")
        #expect(graded.code == 1, "pia-empty holds no exercise file: the run says so by its exit status. \(graded.out) \(graded.err)")
        // Issue 57: the course parsed once for the 16 students, their variants and the starters' baselines.
        try CourseParsedOnceTests.expectParsed(1, since: parsedBefore, below: session.root, "grade of 16 students")
        let expected = try String(contentsOf: Self.fixture.appendingPathComponent("expected/gradebook.csv"), encoding: .utf8)
        let csv = try #require(session.file("gradebook/gradebook.csv"))
        let want = expected.components(separatedBy: "\r\n"), got = csv.components(separatedBy: "\r\n")
        #expect(got.count == want.count, "\(csv)")
        for (line, (wanted, actual)) in zip(want, got).enumerated() {
            #expect(actual == wanted, "gradebook.csv line \(line + 1)")
        }
        #expect(graded.out.contains("pia-empty holds no exercise file"), "the error row's reason is printed too")

        // Copies flagged: lou copied kim's files and renamed the variables; nobody else pairs.
        let similarity = try #require(session.file("gradebook/similarity.csv")).components(separatedBy: "\r\n")
        #expect(similarity.count == 3 && similarity[2].isEmpty, "one pair: \(similarity)")
        #expect(similarity[1].hasPrefix("kim,lou,1.00,") && similarity[1].hasSuffix(",1.1 1.2 1.3"), "\(similarity)")
        #expect(graded.out.contains("look at this pair of students whose own code is alike"))

        // What dan's add printed, in each test's `output`.
        let dan = try #require(session.file("gradebook/students/dan-partial/01-basics.json"))
        #expect(dan.contains(#""name":"1.1 · adds two and two","output":"adding 2 and 2\n""#), "\(dan)")
        #expect(dan.contains(#""name":"1.1 · adds negative numbers","output":"adding -3 and 1\n""#))
        // The same as JUnit, for a CI server or an LMS plug-in.
        let junit = try #require(session.file("gradebook/students/dan-partial/01-basics.junit.xml"))
        #expect(junit.hasPrefix(#"<?xml version="1.0" encoding="UTF-8"?>"#) && junit.contains(#"<testcase name="adds two and two" classname="Chapter01Basics.Ex1_Add""#), "\(junit.prefix(500))")

        // The student whose name needs escaping: a folder of their own, a link that reaches it.
        let page = try #require(session.file("gradebook/students/\(Self.escapedName)/feedback.html"))
        #expect(page.contains("<strong>1 of 3 points.</strong>"))
        #expect(page.contains("<h1>Feedback for =O'Brien, &quot;Sam&quot; &lt;b&gt;#2</h1>"), "\(page.prefix(600))")
        let html = try #require(session.file("gradebook/gradebook.html"))
        #expect(html.contains(#"href="students/=O'Brien,%20%22Sam%22%20%3Cb%3E%232/feedback.html""#),
                "percent-encoded: a # would end the link's path")
        #expect(session.file("gradebook/students/pia-empty/feedback.html")?.contains("pia-empty holds no exercise file") == true)

        // Issue 55: the teacher's word, kept. `grade` started overrides.csv with its header.
        #expect(session.file("gradebook/overrides.csv") == "student,exercise,points,reason\r\n")
        try "student,exercise,points,reason\r\ndan-partial,1.3,0.75,\"Talked it through, the idea is right\"\r\n"
            .write(to: session.root.appendingPathComponent("gradebook/overrides.csv"), atomically: true, encoding: .utf8)
        for round in 1...2 {
            let again = await session.run("grade", "class", "--chapter", "1", "--timeout", "5")
            #expect(again.code == 1, "\(again.err)")
            let rows = try #require(session.file("gradebook/gradebook.csv")).components(separatedBy: "\r\n")
            #expect(rows.first { $0.hasPrefix("dan-partial,") }
                    == #"dan-partial,failed,0.50,passed,1,failed,0.75,2.25,3,"1.3 override: 0.75 (graded 0): Talked it through, the idea is right""#,
                    "round \(round): \(rows)")
            // Every other row is the one graded, untouched by the override.
            #expect(rows.filter { !$0.hasPrefix("dan-partial,") } == want.filter { !$0.hasPrefix("dan-partial,") }, "round \(round)")
            let feedback = try #require(session.file("gradebook/students/dan-partial/feedback.html"))
            #expect(feedback.contains("<strong>2.25 of 3 points.</strong>") && feedback.contains("set by your teacher: Talked it through"))
            #expect(try #require(session.file("gradebook/gradebook.html")).contains("0.75 <span class=\"word\">override</span>"))
        }
        // The LMS's files, with the override in the total; a student without a roster line is named.
        try "folder,name,sis_user_id,email\r\nada,Ada L,S-01,ada@school.example\r\ndan-partial,Dan P,S-04,dan@school.example\r\n"
            .write(to: session.root.appendingPathComponent("roster.csv"), atomically: true, encoding: .utf8)
        let lms = await session.run("grade", "class", "--chapter", "1", "--timeout", "5", "--roster", "roster.csv", "--assignment", "Workbook (77)")
        #expect(lms.out.contains("For the LMS: canvas.csv and moodle.csv in gradebook, column “Workbook (77)”; not in the roster, so left out:"),
                "\(lms.out)")
        #expect(session.file("gradebook/canvas.csv")
                == "Student,ID,SIS User ID,SIS Login ID,Section,Workbook (77)\r\nPoints Possible,,,,,3\r\nAda L,,S-01,,,3\r\nDan P,,S-04,,,2.25\r\n")
        #expect(session.file("gradebook/moodle.csv")?.contains("dan@school.example,2.25,") == true)

        // A line that cannot be used stops the grading at its line, and nothing is written.
        let before = try #require(session.file("gradebook/gradebook.csv"))
        try "student,exercise,points,reason\nnobody,1.3,1,why\ndan-partial,1.9,1,why\ndan-partial,1.1,4,why\n"
            .write(to: session.root.appendingPathComponent("gradebook/overrides.csv"), atomically: true, encoding: .utf8)
        let refused = await session.run("grade", "class", "--chapter", "1", "--timeout", "5")
        #expect(refused.code == 1)
        #expect(refused.err.contains("gradebook/overrides.csv:3: error: `1.9` is not an exercise graded here"), "\(refused.err)")
        #expect(refused.err.contains("gradebook/overrides.csv:4: error: points must be a number from 0 to 1, not `4`"), "\(refused.err)")
        #expect(session.file("gradebook/gradebook.csv") == before)
    }

    /// Issue 55: chapter 1 of the grading fixture has no exercise whose tests run another's
    /// code, so this session's copy gains the smallest such case: a 1.3 test that totals
    /// a sum made with 1.1's `add` (the fixture itself stays as the other suites count it).
    private func addDependentTest(in session: FixtureSession) throws {
        let tests = session.root.appendingPathComponent("Tests/Chapter01BasicsTests/Ex3_TotalTests.swift")
        var text = try String(contentsOf: tests, encoding: .utf8)
        let end = try #require(text.range(of: "}", options: .backwards))
        text.replaceSubrange(end, with: """

                @Test("totals a sum made with add")
                func withAdd() {
                    #expect(total([add(2, 2)]) == 4)
                }
            }
            """)
        try text.write(to: tests, atomically: true, encoding: .utf8)
    }

    /// A student's chapter-1 folder: the references, with `files` (name → text) in their place.
    private func student(_ name: String, in session: FixtureSession, _ files: [String: String]) throws {
        let references = session.root.appendingPathComponent("Sources/Chapter01Basics")
        let folder = session.root.appendingPathComponent("class/\(name)/01-basics")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for file in ["Ex1_Add.swift", "Ex2_Apply.swift", "Ex3_Total.swift"] {
            if let text = files[file] {
                try text.write(to: folder.appendingPathComponent(file), atomically: true, encoding: .utf8)
            } else {
                try FileManager.default.copyItem(at: references.appendingPathComponent(file), to: folder.appendingPathComponent(file))
            }
        }
    }

    @Test("one mistake costs one deduction, and an edit that changes nothing earns nothing, when one exercise's tests run another's code")
    func oneMistakeOneDeduction() async throws {
        let session = try FixtureSession()
        try addDependentTest(in: session)
        // rae: the reference 1.3 beside a broken 1.1, which 1.3's new test runs.
        try student("rae", in: session, ["Ex1_Add.swift": "public func add(_ a: Int, _ b: Int) -> Int { a - b }\n"])
        // sol: 1.1 solved, and 1.3's starter reworded so it is no longer "not started": it
        // passes the new test only because 1.1 is solved (all starters, it fails it).
        try student("sol", in: session, ["Ex3_Total.swift": """
            /// The sum of `prices` in cents, with `reduce`.
            public func total(_ prices: [Int]) -> Int {
                let first = prices.first ?? 0
                return first
            }

            """])
        // tao: 1.1 broken, and 1.3 wrong on its own (it counts the prices): its tests reach
        // 1.1's `add`, yet with 1.1's reference in place it fails just the same.
        try student("tao", in: session, ["Ex1_Add.swift": "public func add(_ a: Int, _ b: Int) -> Int { a - b }\n",
                                         "Ex3_Total.swift": "public func total(_ prices: [Int]) -> Int { prices.count }\n"])
        let graded = await session.run("grade", "class", "--chapter", "1", "--timeout", "5")
        #expect(graded.code == 0, "\(graded.out) \(graded.err)")
        let rows = try #require(session.file("gradebook/gradebook.csv")).components(separatedBy: "\r\n")
        // Nothing established that 1.1 is what fails tao's 1.3: no note says so.
        #expect(rows.contains { $0.hasPrefix("tao,failed,0,passed,1,failed,0,") && !$0.contains("needs") }, "\(rows)")
        let tao = try #require(session.file("gradebook/students/tao/feedback.html"))
        #expect(!tao.contains("needs 1.1") && !tao.contains("graded with 1.1's reference"), "\(tao)")
        // 1.1's own failures cost 1.1's point; 1.3 earns its own (it lost 1/3 before).
        #expect(rows.contains("rae,failed,0,passed,1,passed,1,2,3,"), "\(rows)")
        // Measured beside all starters, sol's 1.3 passed 1 of the 2 tests that starter fails (0.50 before).
        #expect(rows.contains("sol,passed,1,passed,1,failed,0,2,3,"), "\(rows)")
        let note = "graded with 1.1's reference in place, since yours fails"
        #expect(try #require(session.file("gradebook/gradebook.html")).contains(note))
        #expect(try #require(session.file("gradebook/students/rae/feedback.html")).contains(note))
        #expect(session.file("gradebook/students/sol/feedback.html")?.contains(note) == false, "nothing stood in for sol")
    }

    @Test("a failed hidden test's name and message reach the student, its source nowhere under students/")
    func hiddenSourceStaysHidden() async throws {
        let session = try FixtureSession()
        try FileManager.default.createDirectory(at: session.root.appendingPathComponent("Tests/Chapter01BasicsTests/Hidden"), withIntermediateDirectories: true)
        try session.write(HiddenGradeCommandTests.hidden, to: "Tests/Chapter01BasicsTests/Hidden/Ex1_AddHiddenTests.swift")
        // Right for the visible tests' small numbers, wrong past a byte.
        try student("kit", in: session, ["Ex1_Add.swift": "public func add(_ a: Int, _ b: Int) -> Int { Int(Int8(truncatingIfNeeded: a + b)) }\n"])
        let graded = await session.run("grade", "class", "--chapter", "1", "--timeout", "5")
        #expect(graded.code == 0, "\(graded.out) \(graded.err)")
        let folder = session.root.appendingPathComponent("gradebook/students/kit")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(files == ["01-basics.json", "01-basics.junit.xml", "feedback.html"], "\(files)")
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            #expect(text.contains("adds numbers past a byte"), "\(file) names the failed hidden test")
            for source in ["add(1_000, 234)", "add(1_000, 234) == 1_234", "func pastAByte"] {
                #expect(!text.contains(source), "\(file) shows the hidden test's source `\(source)`: \(text)")
            }
            #expect(text.contains("-46 == 1234"), "\(file) shows what came and what was expected")
            #expect(!text.contains("Hidden/"), "\(file) names the teacher's hidden file")
        }
    }

    /// `git commit` at a given date (author and committer).
    private func commit(_ message: String, at date: String, in folder: URL) async throws {
        let result = try await onOwnThread {
            try ChildProcess.run("/usr/bin/env", .init(
                arguments: ["sh", "-c", "git init -q 2>/dev/null; git add -A && git -c user.name=S -c user.email=s@example.invalid "
                    + "-c commit.gpgsign=false commit -q -m \"$1\"", "sh", message],
                environment: ["PATH": "/usr/bin:/bin", "HOME": folder.path, "GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date],
                workingDirectory: folder.path, timeout: 60))
        }
        #expect(result.termination.isSuccess, "\(result.standardError)")
    }

    @Test("three shards merged write what one grading writes, byte for byte; shards that do not make one class are refused")
    func shardsMerged() async throws {
        let session = try FixtureSession()
        try await makeClass(in: session)
        let whole = await session.run("grade", "class", "--chapter", "1", "--timeout", "5")
        #expect(whole.code == 1, "pia-empty's row: \(whole.err)")
        var sizes: [Int] = []
        for index in 1...3 {
            let shard = await session.run("grade", "class", "--chapter", "1", "--timeout", "5", "--shard", "\(index)/3", "--out", "shards/s\(index)")
            #expect(session.file("shards/s\(index)/shard.json") != nil, "\(shard.out) \(shard.err)")
            let line = try #require(shard.out.split(separator: "\n").first { $0.hasPrefix("Shard \(index)/3: ") }, "\(shard.out)")
            sizes.append(Int(line.split(separator: " ")[2]) ?? -1)
        }
        #expect(sizes.reduce(0, +) == 16 && !sizes.contains(0), "each of the 16 students in one shard: \(sizes)")
        let merged = await session.run("grade", "shards", "--merge", "--out", "merged")
        #expect(merged.code == 1, "pia-empty's row again: \(merged.out) \(merged.err)")
        #expect(merged.out.contains("16 students merged"), "\(merged.out)")
        for file in ["gradebook.csv", "exercises.csv", "similarity.csv", "gradebook.html"] {
            let one = try #require(session.file("gradebook/\(file)"))
            #expect(session.file("merged/\(file)") == one, "\(file) differs")
        }
        let students = try FileManager.default.contentsOfDirectory(atPath: session.root.appendingPathComponent("gradebook/students").path)
        #expect(students.count == 16)
        for student in students {
            for file in ["feedback.html", "01-basics.json", "01-basics.junit.xml"] where student != "pia-empty" || file == "feedback.html" {
                // JUnit's `time` and `timestamp` say when and how long the tests ran this time: not a grade.
                func read(_ path: String) -> String? {
                    session.file(path)?.replacingOccurrences(of: #"time="[0-9.]+""#, with: #"time="""#, options: .regularExpression)
                        .replacingOccurrences(of: #"timestamp="[^"]*""#, with: #"timestamp="""#, options: .regularExpression)
                }
                let one = try #require(read("gradebook/students/\(student)/\(file)"), "\(student)/\(file)")
                #expect(read("merged/students/\(student)/\(file)") == one, "\(student)/\(file) differs")
            }
        }

        // Refused, with nothing written: a shard missing, one there twice, another course.
        let shards = session.root.appendingPathComponent("shards")
        func refused(_ says: String) async throws {
            try? FileManager.default.removeItem(at: session.root.appendingPathComponent("refused"))
            let result = await session.run("grade", "shards", "--merge", "--out", "refused")
            #expect(result.code == 1 && result.err.contains(says), "\(result.err)")
            #expect(result.err.contains("nothing was written"))
            #expect(session.file("refused/gradebook.csv") == nil)
        }
        try FileManager.default.moveItem(at: shards.appendingPathComponent("s3"), to: session.root.appendingPathComponent("s3"))
        try await refused("shard 3/3 is missing")
        try FileManager.default.copyItem(at: shards.appendingPathComponent("s1"), to: shards.appendingPathComponent("s1-again"))
        try await refused("shard 1/3 is there more than once: shards/s1/shard.json, shards/s1-again/shard.json")
        try FileManager.default.removeItem(at: shards.appendingPathComponent("s1-again"))
        try FileManager.default.moveItem(at: session.root.appendingPathComponent("s3"), to: shards.appendingPathComponent("s3"))
        let other = await session.run("grade", "class", "--chapter", "1", "--timeout", "6", "--shard", "3/3", "--out", "shards/s3")
        #expect(other.code == 0 || other.code == 1, "\(other.err)")
        try await refused("the shards were graded with different options")
        _ = await session.run("grade", "class", "--chapter", "1", "--timeout", "5", "--shard", "3/3", "--out", "shards/s3")
        // The course changed since the shards were graded: its text is part of what they graded.
        let chapter = try #require(try FileManager.default.contentsOfDirectory(atPath: session.root.appendingPathComponent("chapters").path)
            .sorted().first { $0.hasPrefix("01-") })
        let text = try #require(session.file("chapters/\(chapter)"))
        try session.write(text + "\nOne more sentence.\n", to: "chapters/\(chapter)")
        try await refused("the shards graded another version of the course than this workbook's")
    }

    @Test("with --deadline a repository is graded at its last commit before it, and its late days and later commits are counted")
    func deadline() async throws {
        let session = try FixtureSession()
        let references = session.root.appendingPathComponent("Sources/Chapter01Basics")
        for student in ["gus", "hal"] {
            let folder = session.root.appendingPathComponent("class/\(student)/exercises/01-basics")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for file in ["Ex1_Add.swift", "Ex2_Apply.swift", "Ex3_Total.swift"] {
                try FileManager.default.copyItem(at: references.appendingPathComponent(file), to: folder.appendingPathComponent(file))
            }
            try await commit("all three", at: "2026-11-30T10:00:00Z", in: folder.deletingLastPathComponent().deletingLastPathComponent())
        }
        // gus broke 1.1 a day and a half after the deadline: graded as it was before it.
        let gus = session.root.appendingPathComponent("class/gus")
        try "public func add(_ a: Int, _ b: Int) -> Int { a - b }\n"
            .write(to: gus.appendingPathComponent("exercises/01-basics/Ex1_Add.swift"), atomically: true, encoding: .utf8)
        try await commit("late", at: "2026-12-02T12:00:00Z", in: gus)
        let graded = await session.run("grade", "class", "--chapter", "1", "--timeout", "5", "--deadline", "2026-12-01T00:00:00Z")
        #expect(graded.code == 0, "\(graded.out) \(graded.err)")
        let rows = try #require(session.file("gradebook/gradebook.csv")).components(separatedBy: "\r\n")
        #expect(rows[0].hasSuffix(",total,possible,late days,commits after deadline,look at this"), "\(rows[0])")
        #expect(rows.contains("gus,passed,1,passed,1,passed,1,3,3,2,1,"), "\(rows)")
        #expect(rows.contains("hal,passed,1,passed,1,passed,1,3,3,0,0,"), "\(rows)")
        // Without it, the last commit is what is graded.
        let now = await session.run("grade", "class", "--chapter", "1", "--timeout", "5")
        #expect(now.out.contains("gus  2 / 3 points"), "\(now.out)")
        let wrong = await session.run("grade", "class", "--deadline", "next friday")
        #expect(wrong.code == 2 && wrong.err.contains("'next friday' is not a value of '--deadline'"), "\(wrong.err)")
    }
}
