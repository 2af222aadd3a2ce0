import Foundation
import Testing
import WorkbookTestSupport
@testable import WorkbookCLI
@testable import WorkbookSystem

/// Issue 34: grading input is hostile, and every place the tool writes is checked first.
@Suite("Hostile grading input and output places", .serialized)
struct HostileInputTests {
    /// A student folder `class/NAME/01-basics/` with the three reference answers.
    private func student(_ name: String, in session: FixtureSession) throws -> URL {
        let target = session.root.appendingPathComponent("class/\(name)/01-basics")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        for file in ["Ex1_Add.swift", "Ex2_Apply.swift", "Ex3_Total.swift"] {
            try FileManager.default.copyItem(at: session.root.appendingPathComponent("Sources/Chapter01Basics/\(file)"),
                                            to: target.appendingPathComponent(file))
        }
        return target
    }

    private func zip(_ folder: URL, to file: URL) throws {
        // -y keeps symbolic links as links, which is what a hostile zip holds.
        let result = try ChildProcess.run("/usr/bin/env", .init(
            arguments: ["sh", "-c", "cd \"$1\" && zip -qry \"$2\" .", "sh", folder.path, file.path], timeout: 60))
        #expect(result.termination.isSuccess, "\(result.standardError)")
    }

    private func rows(_ session: FixtureSession) throws -> [String: [String]] {
        let csv = try #require(session.file("gradebook/gradebook.csv"))
        return Dictionary(csv.split(separator: "\r\n").dropFirst().map { line in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            return (fields[0], Array(fields.dropFirst().dropLast()))  // the last column: "look at this"
        }, uniquingKeysWith: { first, _ in first })
    }

    @Test("a link into the teacher's Sources/ (in a zip or a folder) is refused; a link inside the submission is graded")
    func symbolicLinks() async throws {
        let session = try FixtureSession()
        let references = session.root.appendingPathComponent("Sources/Chapter01Basics")
        // A zip whose exercise files are links to the reference solutions.
        let linked = session.root.appendingPathComponent("linked/01-basics")
        try FileManager.default.createDirectory(at: linked, withIntermediateDirectories: true)
        for file in ["Ex1_Add.swift", "Ex2_Apply.swift", "Ex3_Total.swift"] {
            try FileManager.default.createSymbolicLink(atPath: linked.appendingPathComponent(file).path,
                                                       withDestinationPath: references.appendingPathComponent(file).path)
        }
        try FileManager.default.createDirectory(at: session.root.appendingPathComponent("class"), withIntermediateDirectories: true)
        try zip(linked.deletingLastPathComponent(), to: session.root.appendingPathComponent("class/mal.zip"))
        // A folder whose file links to a secret outside it, by a relative path.
        try "SECRET-LINE-42\n".write(to: session.root.appendingPathComponent("secret.txt"), atomically: true, encoding: .utf8)
        let peek = try student("pat", in: session)
        try FileManager.default.removeItem(at: peek.appendingPathComponent("Ex1_Add.swift"))
        try FileManager.default.createSymbolicLink(atPath: peek.appendingPathComponent("Ex1_Add.swift").path,
                                                   withDestinationPath: "../../../secret.txt")
        // A link that stays inside the submission is an ordinary file.
        let tidy = try student("tia", in: session)
        try FileManager.default.moveItem(at: tidy.appendingPathComponent("Ex1_Add.swift"), to: tidy.appendingPathComponent("Add.txt"))
        try FileManager.default.createSymbolicLink(atPath: tidy.appendingPathComponent("Ex1_Add.swift").path, withDestinationPath: "Add.txt")
        // The submission entry itself a link to the references.
        try FileManager.default.createSymbolicLink(atPath: session.root.appendingPathComponent("class/ref").path,
                                                   withDestinationPath: session.root.appendingPathComponent("linked").path)

        let run = await session.run("grade", "class", "--chapter", "1", "--timeout", "5")
        #expect(run.code == 1, "a refused submission is a submission that could not be read: \(run.out) \(run.err)")
        let rows = try rows(session)
        #expect(rows["mal"]?.suffix(2) == ["0", "3"], "links into Sources/ earned points: \(rows)")
        #expect(rows["pat"]?.suffix(2) == ["0", "3"])
        #expect(rows["ref"]?.suffix(2) == ["0", "3"])
        #expect(rows["tia"]?.suffix(2) == ["3", "3"], "a link inside the submission is graded: \(rows)")
        #expect(run.out.contains("mal.zip: 01-basics/Ex1_Add.swift is a symbolic link that leaves the submission"), "\(run.out)")
        #expect(run.out.contains("ref is a symbolic link"))
        let feedback = try #require(session.file("gradebook/students/pat/feedback.html"))
        #expect(!feedback.contains("SECRET-LINE-42"), "a linked file's lines reached the feedback page")
    }

    @Test("a folder and a zip of the same student are an error row each, and the gradebook is still written")
    func duplicateNames() async throws {
        let session = try FixtureSession()
        let heidi = try student("heidi", in: session).deletingLastPathComponent()
        try zip(heidi, to: session.root.appendingPathComponent("class/heidi.zip"))
        _ = try student("ada", in: session)
        let run = await session.run("grade", "class", "--chapter", "1", "--timeout", "5")
        #expect(run.code == 1, "\(run.out) \(run.err)")
        let rows = try rows(session)
        #expect(rows["ada"]?.suffix(2) == ["3", "3"])
        #expect(rows["heidi/"]?.suffix(2) == ["0", "3"] && rows["heidi.zip"]?.suffix(2) == ["0", "3"], "\(rows)")
        #expect(run.out.contains("heidi/ and heidi.zip are both student heidi"))
        #expect(session.file("gradebook/.gradebook-state.json") != nil, "the state was not saved")
    }

    @Test("grade, check and classroom refuse an --out inside the workbook's folders or the submissions, writing nothing")
    func outPlaces() async throws {
        let session = try FixtureSession()
        _ = try student("ada", in: session)
        let before = snapshot(session.root)
        let intoStudent = await session.run("grade", "class", "--out", "class/ada")
        #expect(intoStudent.code == 1 && intoStudent.err.contains("class/ada: error: cannot write here: class/ is what this command reads"),
                "\(intoStudent.err)")
        let intoSources = await session.run("grade", "class", "--out", "Sources/book")
        #expect(intoSources.code == 1 && intoSources.err.contains("Sources/ belongs to the workbook"), "\(intoSources.err)")
        let check = await session.run("check", "1", "--format", "json", "--out", "Tests/results")
        #expect(check.code == 1 && check.err.contains("Tests/ belongs to the workbook"), "\(check.err)")
        let checkChapters = await session.run("check", "1", "--format", "json", "--out", "chapters")
        #expect(checkChapters.code == 1 && checkChapters.err.contains("chapters/ belongs to the workbook"), "\(checkChapters.err)")
        let classroom = await session.run("classroom", "--out", "Sources/Chapter01Basics/classroom.yml")
        #expect(classroom.code == 1 && classroom.err.contains("Sources/ belongs to the workbook"), "\(classroom.err)")
        // A link to Sources/ is Sources/.
        try FileManager.default.createSymbolicLink(atPath: session.root.appendingPathComponent("alias").path,
                                                   withDestinationPath: session.root.appendingPathComponent("Sources").path)
        let aliased = await session.run("grade", "class", "--out", "alias/new/book")
        #expect(aliased.code == 1 && aliased.err.contains("Sources/ belongs to the workbook"), "\(aliased.err)")
        try FileManager.default.removeItem(at: session.root.appendingPathComponent("alias"))
        #expect(snapshot(session.root) == before, "a refused --out wrote something")
        let allowed = await session.run("classroom", "--out", "ci/classroom.yml")
        #expect(allowed.code == 0, "\(allowed.err)")
    }

    @Test("check with a mistyped --exercises path neither creates it nor writes starters")
    func mistypedWorkspace() async throws {
        let session = try FixtureSession()
        let run = await session.run("check", "1", "--exercises", "exercsies")
        #expect(run.code == 1 && run.err.contains("exercsies: error: cannot read: no such workspace folder"), "\(run.err)")
        #expect(!FileManager.default.fileExists(atPath: session.root.appendingPathComponent("exercsies").path))
        // The default workspace is still started by check.
        let fresh = await session.run("check", "1", "--timeout", "5")
        #expect(fresh.out.contains("exercises/01-basics/Ex1_Add.swift"), "\(fresh.out)")
    }

    @Test("new chapter over an existing chapter number refuses and adds nothing")
    func newOverExisting() async throws {
        let session = try FixtureSession()
        let before = snapshot(session.root)
        for slug in ["basics", "other"] {
            let run = await session.run("new", "chapter", "1", slug, "Again")
            #expect(run.code == 1 && run.err.contains("chapter 1 exists already"), "\(run.out) \(run.err)")
        }
        #expect(snapshot(session.root) == before)
    }

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let tool = repository.appendingPathComponent(".build/debug/workbook")
    static let canConfine = FileManager.default.isExecutableFile(atPath: tool.path)
        && Sandbox.findExecutable("bwrap", environment: ProcessInfo.processInfo.environment) != nil

    /// The built tool in `session.root`, with `mounts` (bubblewrap's words: a tiny tmpfs
    /// for a full disk, a read-only bind) over the real file system.
    private func confined(_ session: FixtureSession, _ mounts: [String], _ arguments: String...) async throws -> ChildProcess.Result {
        let bwrap = try #require(Sandbox.findExecutable("bwrap", environment: ProcessInfo.processInfo.environment))
        let environment = ProcessInfo.processInfo.environment.merging(["WORKBOOK_SANDBOX": "off"]) { $1 }
        let words = ["--bind", "/", "/", "--dev", "/dev", "--proc", "/proc"] + mounts
            + ["--chdir", session.root.path, Self.tool.path] + arguments
        return try await onOwnThread {
            try ChildProcess.run(bwrap, .init(arguments: words, environment: environment, timeout: 300))
        }
    }

    @Test("a full disk in the cache is a full disk, never a cached result; a full --out and a read-only workspace say the system's words",
          .enabled(if: canConfine, "the debug build of workbook or bwrap is missing"))
    func fullAndReadOnly() async throws {
        let session = try FixtureSession()
        let exercises = session.root.appendingPathComponent("exercises/01-basics")
        try FileManager.default.createDirectory(at: exercises, withIntermediateDirectories: true)
        for file in ["Ex1_Add.swift", "Ex2_Apply.swift", "Ex3_Total.swift"] {
            try FileManager.default.copyItem(at: session.root.appendingPathComponent("Sources/Chapter01Basics/\(file)"),
                                            to: exercises.appendingPathComponent(file))
        }
        let cache = session.root.appendingPathComponent(".workbook/cache")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        let full = try await confined(session, ["--size", "200000", "--tmpfs", cache.path], "check", "1", "--timeout", "5")
        #expect(full.termination == .exited(1), "\(full.standardOutput)\(full.standardError)")
        #expect(full.standardError.contains(".workbook/cache: error: cannot write here: the disk is full (No space left on device)"),
                "\(full.standardError)")
        #expect(!full.standardOutput.contains("does not compile"))
        let roomy = await session.run("check", "1", "--timeout", "5")
        #expect(roomy.code == 0, "the full disk was remembered as the learner's result: \(roomy.out)")

        _ = try student("ada", in: session)
        let out = session.root.appendingPathComponent("small")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let book = try await confined(session, ["--size", "8192", "--tmpfs", out.path], "grade", "class", "--chapter", "1", "--out", "small")
        #expect(book.termination == .exited(1))
        // Which file meets the full disk first depends on how much each student's folder
        // holds (their report, results JSON and JUnit): whichever it is, named with its path.
        #expect(book.standardError.range(of: #"small/[^ ]+: error: No space left on device"#, options: .regularExpression) != nil,
                "\(book.standardError)")
        #expect(!book.standardError.contains("Domain="), "a raw Foundation error")

        let before = try Data(contentsOf: exercises.appendingPathComponent("Ex1_Add.swift"))
        let reset = try await confined(session, ["--ro-bind", exercises.path, exercises.path], "reset", "1.1")
        #expect(reset.termination == .exited(1) && reset.standardError.contains("error: Read-only file system"), "\(reset.standardError)")
        #expect(try Data(contentsOf: exercises.appendingPathComponent("Ex1_Add.swift")) == before, "reset lost the learner's file")
        let editor = try await confined(session, ["--ro-bind", exercises.path, exercises.path], "editor")
        #expect(editor.termination == .exited(1) && editor.standardError.contains("Read-only file system")
                && !editor.standardError.contains("FileFailure"), "\(editor.standardError)")
    }

    @Test("a Foundation file error is the path and the system's words")
    func fileErrorWords() throws {
        // /dev/full refuses every write with ENOSPC, even to root.
        var thrown: (any Error)?
        do { try Data("x".utf8).write(to: URL(fileURLWithPath: "/dev/full")) } catch { thrown = error }
        let error = try #require(thrown)
        let failure = try #require(FileFailure.from(error))
        #expect(failure.path == "/dev/full" && failure.reason == "No space left on device" && failure.isFullDisk, "\(failure)")
        #expect(FileFailure.from(CocoaError(.fileWriteVolumeReadOnly, userInfo: [NSFilePathErrorKey: "/x"]))?.reason == "Read-only file system")
        #expect(FileFailure.from(UsageError.invalidChoice(option: "a", value: "b", choices: [])) == nil)
    }
}

/// Every file below `folder` with its content (the build cache aside).
private func snapshot(_ folder: URL) -> [String: Data] {
    var files: [String: Data] = [:]
    for path in FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? [] where !path.hasPrefix(".workbook") {
        files[path] = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path) ?? Data("folder".utf8)
    }
    return files
}
