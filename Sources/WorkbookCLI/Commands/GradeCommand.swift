import Foundation
import Synchronization
import WorkbookGrading
import WorkbookClassroom
import WorkbookModel
import WorkbookSystem
import WorkbookToolchain

/// `workbook grade SUBMISSIONS [--out DIR]`: grades a class into a gradebook.
enum GradeCommand: Command {
    struct Options: ParsableOptions {
        static let out = CommandSpec.Option.value("out", "DIR", "where the gradebook goes (default: gradebook/ in the workbook)")
        static let chapter = CommandSpec.Option.value("chapter", "N", "grade only chapter N")
        static let timeout = GradingContext.timeoutOption("seconds each exercise's tests may run (default 10)")
        static let jobs = CommandSpec.Option.count("jobs", "N", in: 1...64, "students graded side by side (default: twice the processors)")
        static let fresh = CommandSpec.Option.flag("fresh", "grade everything again, ignoring cached results")
        static let roster = CommandSpec.Option.value("roster", "FILE", "a CSV naming each submission folder's LMS ids: also write canvas.csv and moodle.csv")
        static let deadline = CommandSpec.Option.value("deadline", "DATE", "grade each git repository at its last commit before DATE (2026-12-01T23:59:00Z, or 2026-12-01 23:59 local)")
        static let assignment = CommandSpec.Option.value("assignment", "NAME", "the LMS column for the total (default: Closures Workbook)")
        static let shard = CommandSpec.Option.value("shard", "I/N", "grade only shard I of N of the class into DIR/shard.json, for --merge")
        static let merge = CommandSpec.Option.flag("merge", "SUBMISSIONS is a folder of shards (`--shard` outputs): write their gradebook")

        var submissions: URL
        var out: URL?
        var chapter: String?
        var grader: Grader.Options
        /// Nil for the class grader's own width.
        var jobs: Int?
        var roster: URL?
        var assignment: String
        var deadline: Date?
        var shard: GradingShard?
        var merge: Bool

        init(from given: OptionValues) throws(UsageError) {
            submissions = given.resolve(given.arguments[0])
            grader = try GradingContext.graderOptions(given, timeout: Self.timeout, fresh: Self.fresh)
            // Each test's own output in the students' results.json (what their code printed).
            grader.outputPerTest = true
            chapter = given.text(Self.chapter)
            out = given.path(Self.out)
            jobs = try given.count(Self.jobs)
            roster = given.path(Self.roster)
            assignment = given.text(Self.assignment) ?? "Closures Workbook"
            if let text = given.text(Self.deadline) {
                guard let date = SubmissionDeadline.parse(text) else {
                    throw .notADate(option: "deadline", value: text)
                }
                deadline = date
            }
            if let text = given.text(Self.shard) {
                guard let shard = GradingShard(text) else { throw .notAShard(value: text) }
                self.shard = shard
                // The gradebook is the merge's to write, with the teacher's files beside it.
                for option in [Self.roster, Self.assignment] where given.text(option) != nil {
                    throw .notTogether(option: option.name, other: "shard", because: "give it to the --merge that writes the gradebook")
                }
            }
            merge = given.flag(Self.merge)
            if merge {
                // The shards were graded with these; the merge only writes.
                for option in [Self.shard, Self.chapter, Self.timeout, Self.jobs, Self.deadline]
                where given.text(option) != nil {
                    throw .notTogether(option: option.name, other: "merge", because: "give it to each `grade --shard`; the merge takes the shards' own")
                }
                if given.flag(Self.fresh) {
                    throw .notTogether(option: "fresh", other: "merge", because: "the merge grades nothing; give it to each `grade --shard`")
                }
            }
        }
    }

    static let spec = CommandSpec(
        name: "grade", summary: "grade a class's submissions into a gradebook (teachers)",
        arguments: "<SUBMISSIONS>", argumentCount: 1...1,
        options: [Options.out, Options.chapter, Options.timeout, Options.jobs, Options.fresh, Options.deadline, Options.roster, Options.assignment,
                  Options.shard, Options.merge],
        discussion: """
        SUBMISSIONS is a folder with one entry per student, named by the student: a
        workspace folder (the exercises/ layout: NN-slug/ folders), a repository or copy of
        the workbook with its exercises/ folder (what GitHub Classroom's "download
        repositories" gives), or a .zip of either (at most 64 MiB and 5,000 files unpacked).
        Exercise files are found by their names: in their chapter folders, or at the top of
        the submission (a zip of the bare files), inside up to three wrapping folders (a
        zip of a folder named after the student, GitHub Classroom's assignment-username/
        checkout); other files beside them are not graded. A submission that holds no
        exercise file at all is an error row naming what it holds instead.
        Each student is graded on their own, in the sandbox, students side by side; a
        student's files are never written. A symbolic link is graded only when it
        resolves inside the submission: one that leaves it (or an entry that is a link)
        makes the row "could not be graded". Two entries of one student (heidi/ and
        heidi.zip) are a row each, neither graded. DIR may not be inside chapters/,
        Sources/, Tests/, the workspace, .workbook/ or SUBMISSIONS. A full disk stops the
        grading with the path and the system's words; nothing of it is cached. Results are cached by content, so grading the
        class again re-runs only the students whose files changed.

        Writes DIR/gradebook.csv (a row per student: each exercise's status and points,
        the total, and "look at this": the escape hatches the student's files use, such
        as `1.2: dlsym at 01-blocks/Ex2_Counter.swift:14`, empty when none; notes, worth
        no points), DIR/gradebook.html (the same table, with the reason next to every
        partial credit and a "look at this" marker in the row of a student with escape
        hatches, the list a click away), and for each student DIR/students/NAME/feedback.html (the report
        `check` prints, with the student's score) and DIR/students/NAME/NN-slug.json
        (Exercism results, per chapter) with DIR/students/NAME/NN-slug.junit.xml (the same as
        JUnit XML, as check --format junit writes it); DIR/exercises.csv says per exercise how many
        passed, the median points and the failing test most students share (what to
        reteach; also at the foot of gradebook.html); DIR/similarity.csv lists the pairs of
        students whose own code is alike (token shingles, variables renamed or not, the
        starter's and the reference's code and what most of the class writes left out),
        with a score and the exercises: pairs to look at, never a finding, and no grade
        depends on it.
        Students who hand in the same files (the same names and contents: an untouched
        starter, a shared copy) are graded once, and each gets that grade; a grade that
        names its student's folder is not shared.
        Points: 1 per exercise unless its chapter says `Points: N`. A pass earns them all;
        a failure earns the share of passing tests among those the exercise's untouched
        starter fails, so a starter scores 0 by construction; a file that differs from
        its starter only in line endings, blank lines, indentation or comments is "not
        started". A starter's tests are measured beside the student's own other
        exercises (those its tests run), so an edit that changes nothing earns 0 whatever
        the student solved around it.
        One mistake, one deduction: an exercise whose tests fail while they reach another
        exercise's failing code is graded again with that exercise's reference in place
        of the student's file, and earns the better of the two; its reason and the
        student's feedback say "graded with 4.1's reference in place, since yours fails".
        When that changes nothing, the other exercise is not named ("needs 4.1 first" is
        said only where the chapter's Uses: line, a crash in that code or the reference
        established it).
        Hidden tests (Tests/<Target>/Hidden/, left out of a student release) run with the
        visible ones and count the same; with them the CSV has an `N.M tests` column per
        exercise (`visible 3/3, hidden 1/2`), and the page and each feedback page show it.
        Each test's entry in NN-slug.json carries what the student's code printed while it
        ran (output, at most 500 characters, as Exercism's results.json allows). A failed
        hidden test shows the student its name and the values its expectation saw, never
        its source lines or its file, anywhere under DIR/students/.
        Overrides: DIR/overrides.csv (student, exercise, points, reason), which grade
        starts with its header and never writes again, is the teacher's word on a grade:
        each line sets that cell's points, is merged into every output (the CSV's "look at
        this" column says `1.2 override: 0.5 (graded 0.25): reason`, the page marks the
        cell "override", the student's feedback says "set by your teacher: reason") and
        holds across re-grades. Edits of gradebook.csv itself are written over by the next
        grade. A line that cannot be used (an unknown student or exercise, points out of
        range, no reason, a pair given twice) is reported as overrides.csv:LINE: error:
        and nothing is written.
        With --deadline DATE, a student's git repository is graded as it stood at its last
        commit before DATE (git's committer dates, the student's own clock), and the CSV
        gains "late days" (days begun between DATE and the last commit) and "commits after
        deadline"; a repository with no commit before DATE is a row saying so. Folders and
        zips, which have no history, are graded as they are, those columns empty.
        With --roster FILE (a CSV with a `folder` column, the submission's name, and any of
        name, canvas_id, sis_user_id, sis_login_id, section, email, username, idnumber),
        also writes DIR/canvas.csv (Canvas's gradebook import: Student, ID, SIS User ID,
        SIS Login ID, Section, then the assignment's column, --assignment NAME, "Name (id)"
        to match an existing Canvas assignment, under it a Points Possible row) and
        DIR/moodle.csv (Moodle's CSV import: the identifier, the points, a feedback column),
        each with the total after overrides; students missing from the roster are left out
        and named.
        Large classes: --shard I/N grades only shard I of N (1 ≤ I ≤ N ≤ 256) into
        DIR/shard.json (default DIR: gradebook-shards/I-of-N); a student's shard is a
        stable hash of their entry's name, so adding a student moves no other. Each shard
        is graded with the same --chapter, --timeout and --deadline; --roster and
        --assignment go to the merge. --merge takes as SUBMISSIONS the folder of the
        shards (their shard.json in it, or in its folders, as GitHub's download-artifact
        lays them out) and writes in DIR everything above, the same bytes one unsharded
        grade writes, overrides and roster applied. It refuses, naming each reason and
        writing nothing, shards of different versions of the tool, courses (the graded
        chapters' text, modules and tests, and this workbook's), toolchains, options,
        splits or classes, and a shard missing or there twice. `workbook classroom
        --grading N` writes a GitHub Actions workflow that grades the class this way.
        Exit status: 0 when the class was graded (whatever the grades), 1 when a
        submission could not be read or holds no exercise file, or overrides.csv has a
        line that cannot be used (or the roster has), or the shards cannot be merged,
        2 for a usage error (--shard not I/N; --merge with --shard, --chapter,
        --timeout, --jobs, --deadline or --fresh; --shard with --roster or --assignment).
        """)

    static func run(_ given: Options, in context: CommandContext) throws -> ExitCode {
        if given.merge { return try merge(given, in: context) }
        let console = context.console
        let workbook = try context.workbook()
        let options = given.grader
        var chapters: [Int]?
        if let text = given.chapter {
            chapters = [try workbook.chapter(text).number]
        }
        let submissions = given.submissions
        let out = given.out ?? given.shard.map { workbook.root.appendingPathComponent("gradebook-shards/\($0.index)-of-\($0.count)") }
            ?? workbook.url(WorkbookLayout.gradebook)
        try OutputPlace.check(out, workbook: workbook, alsoRefusing: [submissions],
                              advice: "write the gradebook into a folder of its own (default: gradebook/)")
        var students = try ClassSubmissions.find(in: submissions, scratch: CacheFolder.classZips.url(in: workbook.cacheFolder),
                                                 workbook: workbook, environment: context.environment)
        if let deadline = given.deadline {
            students = SubmissionDeadline.apply(students, deadline: deadline, submissions: submissions,
                                                scratch: CacheFolder.classZips.url(in: workbook.cacheFolder))
            console.print("Deadline: \(deadline.formatted(.iso8601)) (\(TimeZone.current.identifier) \(deadline.formatted(date: .abbreviated, time: .shortened))); "
                + "each git repository graded at its last commit before it")
        }
        guard !students.isEmpty else {
            console.error("\(workbook.displayPath(submissions)) holds no submissions: "
                + "expected one folder or .zip per student")
            return .failure
        }
        let classNames = students.map(\.name)
        if let shard = given.shard {
            students = shard.select(students)
            console.print("Shard \(shard): \(students.count) of the class's \(classNames.count) students")
        }

        // The teacher's overrides and roster, read before grading: a line that cannot be
        // used stops here, with nothing written. A shard leaves them to the merge.
        var teacher = TeacherFiles()
        if given.shard == nil {
            guard let read = try TeacherFiles.read(given, out: out, chapters: chapters, workbook: workbook, console: console) else { return .failure }
            teacher = read
        }

        let toolchain = try context.toolchain(for: workbook)
        var grader = ClassGrader(course: workbook.course, toolchain: toolchain, options: options, chapters: chapters)
        if let jobs = given.jobs { grader.width = jobs }
        let started = Date()
        let bar = ClassProgress(console: console, started: started)
        grader.progress = { bar.update(done: $0.graded, total: $0.of) }
        let results = try grader.grade(students)
        bar.finish()
        let starterPasses = try grader.starterPasses()

        if let shard = given.shard {
            let settings = "timeout \(options.timeout) s; chapters \(chapters.map { $0.map(String.init).joined(separator: ",") } ?? "all"); "
                + "deadline \(given.deadline.map { $0.formatted(.iso8601) } ?? "none")"
            let record = ShardRecord(shard: shard, workbook: workbook, toolchain: toolchain.version, settings: settings, chapters: chapters,
                                     deadline: given.deadline, classNames: classNames, results: results, starterPasses: starterPasses)
            try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
            let file = out.appendingPathComponent(ShardRecord.fileName)
            try AtomicFile.write(try record.json(), to: file)
            console.print("\(results.count) students graded in \(String(format: "%.1f", Date().timeIntervalSince(started))) s; "
                + "shard \(shard) written to \(workbook.displayPath(file)): `workbook grade FOLDER --merge` combines the \(shard.count) shards")
            return results.contains { $0.student.problem != nil } ? .failure : .success
        }
        return try publish(results, starterPasses: starterPasses, similarity: Similarity.of(results, workbook: workbook, chapters: chapters),
                           chapters: chapters, deadline: given.deadline, teacher: teacher, given: given, out: out, workbook: workbook,
                           console: console, started: started, host: toolchain.host)
    }

    /// `grade --merge`: the shards in SUBMISSIONS checked to make one class of this
    /// workbook's course, then written as one unsharded `grade` writes its gradebook.
    private static func merge(_ given: Options, in context: CommandContext) throws -> ExitCode {
        let console = context.console
        let workbook = try context.workbook()
        let folder = given.submissions
        let out = given.out ?? workbook.url(WorkbookLayout.gradebook)
        try OutputPlace.check(out, workbook: workbook, alsoRefusing: [folder],
                              advice: "write the gradebook into a folder of its own (default: gradebook/)")
        let started = Date()
        let merged: GradingShards.Merged
        do {
            merged = try GradingShards.merge(GradingShards.find(in: folder), workbook: workbook, display: workbook.displayPath)
        } catch {
            for problem in error.problems { console.error("\(workbook.displayPath(folder)): \(problem)") }
            console.error("nothing was written: the shards must be all N of one `grade --shard I/N` run of this course")
            return .failure
        }
        console.print("Merging \(merged.shards.count) shard\(merged.shards.count == 1 ? "" : "s"): \(merged.shards.joined(separator: ", "))")
        guard let teacher = try TeacherFiles.read(given, out: out, chapters: merged.chapters, workbook: workbook, console: console) else {
            return .failure
        }
        return try publish(merged.results, starterPasses: merged.starterPasses,
                           similarity: Similarity.of(sources: merged.sources, workbook: workbook, chapters: merged.chapters),
                           chapters: merged.chapters, deadline: merged.deadline, teacher: teacher, given: given, out: out,
                           workbook: workbook, console: console, started: started, host: try context.toolchain(for: workbook).host)
    }

    /// What the teacher keeps beside the gradebook: overrides.csv, and the roster given.
    private struct TeacherFiles {
        var overrides = GradebookOverrides()
        var overridesFile: URL?
        var roster: Roster?

        /// Nil when a line cannot be used: each one printed, and nothing to be written.
        static func read(_ given: Options, out: URL, chapters: [Int]?, workbook: Workbook, console: Console) throws -> TeacherFiles? {
            var files = TeacherFiles()
            let overridesFile = out.appendingPathComponent(GradebookOverrides.fileName)
            files.overridesFile = overridesFile
            let overridesText = (try? String(contentsOf: overridesFile, encoding: .utf8)) ?? ""
            let gradable = workbook.chapters.filter { chapters?.contains($0.number) ?? true }.flatMap(\.exercises).filter(\.isGradable)
            let (overrides, problems) = GradebookOverrides.parse(
                overridesText, possible: Dictionary(gradable.map { ($0.id, Double($0.points)) }) { first, _ in first })
            guard problems.isEmpty else {
                for problem in problems { console.error(problem.message(file: workbook.displayPath(overridesFile))) }
                console.error("nothing was graded or written: mend \(workbook.displayPath(overridesFile)) and grade again")
                return nil
            }
            files.overrides = overrides
            if let file = given.roster {
                guard let text = try? String(contentsOf: file, encoding: .utf8) else {
                    console.error("\(workbook.displayPath(file)): error: the roster cannot be read")
                    return nil
                }
                let (read, problems) = Roster.parse(text, file: workbook.displayPath(file))
                guard problems.isEmpty else {
                    for problem in problems { console.error(problem) }
                    console.error("nothing was graded or written: mend the roster and grade again")
                    return nil
                }
                files.roster = read
            }
            return files
        }
    }

    /// Everything the gradebook folder holds, from the class's results: one grading's, or
    /// the shards' merged (the same results give the same bytes).
    private static func publish(_ results: [ClassGrader.StudentResult], starterPasses: [ExerciseID: Set<String>], similarity: Similarity,
                                chapters: [Int]?, deadline: Date?, teacher: TeacherFiles, given: Options, out: URL, workbook: Workbook,
                                console: Console, started: Date, host: HostEnvironment) throws -> ExitCode {
        let asGraded = ClassGrader.gradebook(results, workbook: workbook, chapters: chapters, starterPasses: starterPasses)
        let strangers = teacher.overrides.unknownStudents(in: asGraded)
        guard strangers.isEmpty else {
            let file = teacher.overridesFile.map(workbook.displayPath) ?? GradebookOverrides.fileName
            for problem in strangers { console.error(problem.message(file: file)) }
            console.error("nothing was written: mend \(file) and grade again")
            return .failure
        }
        var book = teacher.overrides.applied(to: asGraded)
        book.deadline = deadline
        let previous = GradebookState.load(from: out)
        try write(book, results, similarity: similarity, to: out, workbook: workbook)
        let changed = results.filter { previous[$0.student.name] != $0.contentKey }.map(\.student.name)
        try GradebookState.save(Dictionary(results.map { ($0.student.name, $0.contentKey) }, uniquingKeysWith: { first, _ in first }), to: out)

        let width = results.map(\.student.name.count).max() ?? 7
        for row in book.rows {
            let passed = row.cells.values.filter { $0.status == .passed }.count
            var line = "  \(row.student.padding(toLength: width, withPad: " ", startingAt: 0))  "
                + "\(Gradebook.number(row.total)) / \(Gradebook.number(book.possible)) points, \(passed) of \(book.exercises.count) passed"
            if let problem = row.problem { line += console.styled(" — \(problem)", .yellow) }
            console.print(line)
        }
        let seconds = Date().timeIntervalSince(started)
        console.print("\(results.count) students \(given.merge ? "merged" : "graded") in \(String(format: "%.1f", seconds)) s "
            + "(\(changed.count) new or changed since the last gradebook, \(results.count - changed.count) unchanged)")
        let shared = results.filter { $0.gradedWith != nil }.count
        if shared > 0 {
            console.print("\(shared) of them handed in the same files as another student (an untouched starter, say): "
                + "graded once, the same grade for each")
        }
        console.print("Gradebook: \(workbook.displayPath(out.appendingPathComponent("gradebook.csv"))) and gradebook.html")
        if let roster = teacher.roster {
            try writeLMSFiles(book, roster: roster, assignment: given.assignment, to: out, workbook: workbook, console: console)
        }
        let pairs = similarity.pairs.count
        console.print("similarity.csv: " + (pairs == 0 ? "no pair of students whose own code is alike"
            : "look at \(pairs == 1 ? "this pair" : "these \(pairs) pairs") of students whose own code is alike "
                + "(a reason to look, not a finding; grades do not depend on it)"))
        SandboxNotice.print(on: console, inReport: true, sandbox: host.sandbox,
                            rootsOwn: Sandbox.rootsOwnNote(for: [workbook.root.path, given.submissions.path], host: host))
        return results.contains { $0.student.problem != nil } ? .failure : .success
    }

    /// canvas.csv and moodle.csv, and who they leave out.
    private static func writeLMSFiles(_ book: Gradebook, roster: Roster, assignment: String, to out: URL, workbook: Workbook,
                                      console: Console) throws {
        try AtomicFile.write(LMSImport.canvas(book, roster: roster, assignment: assignment), to: out.appendingPathComponent("canvas.csv"))
        var written = ["canvas.csv"]
        if let moodle = LMSImport.moodle(book, roster: roster, assignment: assignment) {
            try AtomicFile.write(moodle, to: out.appendingPathComponent("moodle.csv"))
            written.append("moodle.csv")
        } else {
            console.print("moodle.csv not written: the roster has no email, username or idnumber for every student")
        }
        let missing = LMSImport.unmatched(book, roster: roster)
        console.print("For the LMS: \(written.joined(separator: " and ")) in \(workbook.displayPath(out)), column “\(assignment)”"
            + (missing.isEmpty ? "" : console.styled("; not in the roster, so left out: \(missing.joined(separator: ", "))", .yellow)))
    }

    /// A student's name as a folder name: no slashes, no leading dot.
    static func folderName(_ student: String) -> String { ClassSubmissions.folderName(student) }

    private static func write(_ book: Gradebook, _ results: [ClassGrader.StudentResult], similarity: Similarity,
                              to out: URL, workbook: Workbook) throws {
        var feedback: [String: String] = [:]
        for result in results {
            let folder = out.appendingPathComponent(WorkbookLayout.studentsFolder).appendingPathComponent(folderName(result.student.name))
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let report = Buffer()
            let console = Console(out: { report.append($0) }, error: { report.append($0) })
            if let problem = result.student.problem { console.print("Could not grade: \(problem)") }
            for grade in result.grades {
                if let chapter = workbook.chapters.first(where: { $0.number == grade.chapter }) {
                    let statuses = Dictionary(grade.exercises.map { ($0.id, $0.status.listStatus) }) { $1 }
                    CheckReport(console: console, full: true).print(grade, chapter: chapter, statuses: statuses)
                    try AtomicFile.write(try ResultsJSON.chapter(grade), to: folder.appendingPathComponent("\(chapter.stem).json"))
                    // For a CI server or an LMS plug-in that reads JUnit, as `check --format junit` writes it.
                    try AtomicFile.write(JUnitReport.xml(grade, chapter: chapter, hostname: ProcessInfo.processInfo.hostName), to: folder.appendingPathComponent("\(chapter.stem).junit.xml"))
                }
                console.print()
            }
            let row = book.rows.first { $0.student == result.student.name }
            try AtomicFile.write(GradebookPage.feedback(student: result.student.name, report: report.text, row: row, book: book),
                                 to: folder.appendingPathComponent("feedback.html"))
            // Percent-encoded: a `#` or `?` in a name would end the link's path there.
            let segment = folderName(result.student.name)
            feedback[result.student.name] = WorkbookLayout.studentsFolder + "/"
                + (segment.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/"])) ?? segment) + "/feedback.html"
        }
        let statistics = ExerciseStatistics(
            book: book, grades: Dictionary(results.map { ($0.student.name, $0.grades.flatMap(\.exercises)) }) { first, _ in first })
        try AtomicFile.write(book.csv(), to: out.appendingPathComponent("gradebook.csv"))
        // Started for the teacher, never written over: their word survives every re-grade.
        let overrides = out.appendingPathComponent(GradebookOverrides.fileName)
        if !FileManager.default.fileExists(atPath: overrides.path) { try AtomicFile.write(GradebookOverrides.template, to: overrides) }
        try AtomicFile.write(statistics.csv(), to: out.appendingPathComponent("exercises.csv"))
        try AtomicFile.write(similarity.csv(), to: out.appendingPathComponent("similarity.csv"))
        try AtomicFile.write(GradebookPage.gradebook(book, title: "Gradebook — Closures Workbook", feedback: feedback, statistics: statistics,
                                                     similarity: similarity),
                             to: out.appendingPathComponent("gradebook.html"))
    }
}

/// What each student's files hashed to when the gradebook was last written.
enum GradebookState {
    static func file(in out: URL) -> URL { out.appendingPathComponent(".gradebook-state.json") }

    static func load(from out: URL) -> [String: String] {
        guard let data = FileManager.default.contents(atPath: file(in: out).path) else { return [:] }
        return (try? JSONDecoder().decode([String: String].self, from: data)) ?? [:]
    }

    static func save(_ keys: [String: String], to out: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try AtomicFile.write(try encoder.encode(keys), to: file(in: out))
    }
}

/// Text collected from a console.
final class Buffer: Sendable {
    private let storage = Mutex("")
    func append(_ text: String) { storage.withLock { $0 += text } }
    var text: String { storage.withLock { $0 } }
}

/// "graded 3 of 30 students · 12 s · about 1 min 48 s left", redrawn on a terminal.
final class ClassProgress: Sendable {
    let console: Console
    let started: Date

    init(console: Console, started: Date) {
        self.console = console
        self.started = started
    }

    func update(done: Int, total: Int) {
        let elapsed = Date().timeIntervalSince(started)
        let left = done > 0 ? elapsed / Double(done) * Double(total - done) : 0
        let filled = total > 0 ? done * 20 / total : 0
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: 20 - filled)
        let text = "[\(bar)] graded \(done) of \(total) students · \(Int(elapsed)) s" + (done < total ? " · about \(Int(left.rounded())) s left" : "")
        if console.interactive {
            console.write("\r\u{1B}[2K" + text)
        } else {
            console.printError(text)
        }
    }

    func finish() {
        if console.interactive { console.write("\r\u{1B}[2K") }
    }
}
