import Foundation
import WorkbookModel
import WorkbookSystem
import WorkbookToolchain

/// Grades a chapter, as a straight pipeline of stages that each take the values they
/// need: plan (`GradingPlanner`: the submissions and their stand-ins) → build and blame
/// (`GradingBuild`, `Blame`: an exercise whose file does not compile is graded "does not
/// compile" and a stand-in takes its place, so the others still build; a learner never
/// gains from the reference) → link (`TestRunnerLinker`: all the chapter's tests and a
/// generated entry point in ONE runner) → run (`SuiteRunner`: each exercise's suite in
/// its own child process, with a time limit and an output cap) → interpret
/// (`Interpretation`). Results are cached by content under `.workbook/cache/`.
public struct Grader: Sendable {
    public struct Options: Sendable {
        /// Seconds each exercise's tests may run.
        public var timeout: Double = 10
        /// Bytes kept of the tests' output, per stream.
        public var outputLimit: Int = 1 << 20
        public var submissions: SubmissionSet = .workspace
        /// Run the tests of exercises still at their starter (verify does; check does not).
        package var runStarters = false
        /// Where the incremental module builds live, under the cache. A module's build
        /// folder is locked while it builds, so graders that must build side by side (a
        /// class: `ClassGrader`) each get a folder of their own.
        package var buildsFolderName = CacheFolder.builds.rawValue
        /// Tell each test's own output apart (results.json's per-test `output`): the tests
        /// of an exercise then run one at a time.
        public var outputPerTest = false
        /// Reuse results whose inputs are unchanged.
        public var useCache = true
        /// Exercises run side by side: two per processor, as many exercises' tests spend
        /// their time waiting (on queues, timers, a deliberately missed deadline).
        package var parallelism = max(2, min(6, 2 * BlockingLanes.processors))
        /// Tests files (root-relative) left out of the build: `verify`'s exercises whose
        /// reference is missing, so the tests that call it do not stop the others.
        package var leftOutTests: Set<String> = []
        /// Name the learner's files from their own workspace (`01-basics/Ex1_Add.swift`),
        /// not from the workbook's root: a class's feedback goes back to each student, and
        /// the teacher's folders (a zip's unpacked copy under the cache) are not theirs.
        public var pathsFromWorkspace = false
        /// Predict exercises whose report may show the expected line where the prediction
        /// first differs (asked for with `workbook hint`, or after three tries); the
        /// others' reports say only where and how it differs.
        public var revealPredictions: Set<ExerciseID> = []
        /// An exercise checked alone is graded by its own tests only: when the chapter's
        /// tests are not compiled for its module's interface yet, only its tests are
        /// compiled, and the exercises its tests reach are not graded beside it (their
        /// notes are for a learner). `mutate` sets it: a mutant that changes the interface
        /// (a stored property's initial value is part of it) compiled every test file of
        /// the chapter again.
        package var wantedTestsOnly = false
        /// The notes a learner reads beside a status: the exercises the tests reached
        /// (`ExerciseDependencies`, which reads the module's symbol tables), warnings, escape
        /// hatches. The repair probe, grading the same build once per mutant, reads only
        /// statuses and tests, and turns them off.
        package var learnerNotes = true
        /// When an edited file does not compile, the whole module is compiled again, so
        /// the report lists every file's errors (those that lean on what changed too).
        /// `mutate` turns it off: it needs only whether a mutant compiles, and its first
        /// error is in the mutated file (`IncrementalModuleBuilder.diagnoseWholeModule`).
        package var wholeModuleDiagnostics = true
        /// Seconds the chapter module's compile may take (`IncrementalModuleBuilder.compileTimeout`).
        package var compileTimeout: Double = 300
        /// The type checker's limit for one expression in the chapter module's compile, in
        /// solver scopes (`-solver-scope-threshold`; the compiler's own is about a million),
        /// where the toolchain has the flag (`SwiftToolchain.solverScopeFlags`). The repair
        /// probe sets it: a schema's choices are one expression, and one ill-typed choice
        /// among them kept the type checker searching until its own limit (2.5's
        /// `keys.last`: 11 s alone, 14-19 s in a check, for an error the probe only drops;
        /// `ProbeBench.solverScopeLimit`).
        package var solverScopeLimit: Int?
        /// Added to the environment the tests run in: the repair probe (WorkbookLocate)
        /// names the mutant of its schema to switch on. Part of every result's key.
        package var testEnvironment: [String: String] = [:]

        public init() {}
    }

    public let workbook: Workbook
    public let toolchain: SwiftToolchain
    public var options: Options
    /// Told what is happening (`.compilingModule("Chapter03Queues")`), for a progress line.
    public var events: GradingEvents?

    public init(workbook: Workbook, toolchain: SwiftToolchain, options: Options = Options()) {
        self.workbook = workbook
        self.toolchain = toolchain
        self.options = options
    }

    var cache: URL { workbook.cacheFolder }

    private var paths: LearnerPaths { LearnerPaths(workbook: workbook, cache: cache, fromWorkspace: options.pathsFromWorkspace) }
    private var planner: GradingPlanner { GradingPlanner(workbook: workbook, cache: cache, submissions: options.submissions) }

    private var buildSettings: GradingBuild.Settings {
        GradingBuild.Settings(workbook: workbook, toolchain: toolchain, cache: cache, buildsFolderName: options.buildsFolderName,
                              wholeModuleDiagnostics: options.wholeModuleDiagnostics, compileTimeout: options.compileTimeout,
                              solverScopeLimit: options.solverScopeLimit,
                              leftOutTests: options.leftOutTests, paths: paths, events: events)
    }

    private var runSettings: SuiteRunner.Settings {
        SuiteRunner.Settings(timeout: options.timeout, outputLimit: options.outputLimit, outputPerTest: options.outputPerTest,
                             parallelism: options.parallelism, cache: cache, paths: paths,
                             host: toolchain.host, environment: options.testEnvironment)
    }

    private var predictionSettings: PredictionGrader.Settings {
        PredictionGrader.Settings(toolchain: toolchain, cache: cache, timeout: options.timeout, outputLimit: options.outputLimit,
                                  useCache: options.useCache, runStarters: options.runStarters,
                                  revealPredictions: options.revealPredictions, paths: paths, events: events)
    }

    /// Grades `chapter`'s exercises, or just `only`: predict exercises by comparing
    /// with their program's output (`PredictionGrader`), the others with their tests.
    public func grade(_ chapter: Chapter, only: ExerciseID? = nil) throws -> ChapterGrade {
        let predicted = try PredictionGrader(settings: predictionSettings, planner: planner).grade(chapter, only: only)
        let testedOnes = chapter.exercises.contains { $0.kind.judge == .tests && (only == nil || $0.id == only) }
        var grade = testedOnes ? try gradeWithTests(chapter, only: only.map { [$0] })
            : ChapterGrade(chapter: chapter.number, title: chapter.title, exercises: [])
        grade.exercises = (grade.exercises + predicted).sorted { $0.id < $1.id }
        return grade
    }

    /// Several exercises judged by tests, graded in one build: a repair probe's compile
    /// round, every probed exercise with nothing switched on, within one limit.
    package func grade(_ chapter: Chapter, tested ids: Set<ExerciseID>) throws -> ChapterGrade {
        try gradeWithTests(chapter, only: ids)
    }

    private func gradeWithTests(_ chapter: Chapter, only: Set<ExerciseID>?) throws -> ChapterGrade {
        let exercises = chapter.exercises.filter { $0.kind.judge == .tests && $0.referenceFile != nil && $0.testsFile != nil }
        guard let moduleName = chapter.moduleName else {
            throw WorkbookError.unreadable(path: chapter.path, reason: "chapter \(chapter.number) names no reference files, so it has no module to grade")
        }
        let asSubmitted = try exercises.map { try planner.submission(for: $0, in: chapter) }
        let selected = exercises.filter { only?.contains($0.id) ?? true }

        // Everything a result depends on, hashed: an unchanged re-check stops here.
        let resultFile = try options.useCache
            ? CacheFolder.results.url(in: cache).appendingPathComponent("\(inputsKey(chapter: chapter, moduleName: moduleName, submissions: asSubmitted, selected: selected.map(\.id))).json")
            : nil
        if let resultFile, let data = FileManager.default.contents(atPath: resultFile.path),
           let cached = try? JSONDecoder().decode(ChapterGrade.self, from: data) {
            return cached
        }

        let plan = try planner.plan(exercises, in: chapter)
        let built = try GradingBuild(settings: buildSettings, chapter: chapter, moduleName: moduleName, exercises: exercises).run(plan, wanted: only ?? [], narrowTests: options.wantedTestsOnly)
        // The build swapped stand-ins in for what does not compile.
        let submissions = built.plan.submissions
        // An exercise checked alone is graded with the exercises whose code its tests run:
        // their status decides whether its failures are presented as its own.
        // What the tests reach, read once from the module's objects: it keys the
        // exercises' cached results and names the exercises whose code they run (neither
        // for the repair probe's runs: no cache, no notes).
        let notesWanted = options.submissions == .workspace && options.learnerNotes
        let reach = built.runner.flatMap { options.useCache || notesWanted ? TestReach(moduleObjects: $0.module.objects) : nil }
        let dependencies = notesWanted
            ? built.runner.flatMap { inputs in reach.map { ExerciseDependencies(reach: $0, inputs: inputs, submissions: submissions) } } : nil
        var graded = selected
        if let dependencies, only != nil, !options.wantedTestsOnly {
            for exercise in selected {
                for id in dependencies.of(exercise) where !graded.contains(where: { $0.id == id }) {
                    if let other = exercises.first(where: { $0.id == id }) { graded.append(other) }
                }
            }
        }
        let notes = GradeNotes(paths: paths)
        let verdicts = BuildVerdicts(paths: paths, wording: BuildFindingWording(paths: paths), runStarters: options.runStarters)
            .decide(graded, asSubmitted: asSubmitted, built: built, chapter: chapter)
        var grades = verdicts.grades
        let toRun = verdicts.toRun
        if let inputs = built.runner {
            grades += ExerciseRuns(settings: runSettings, toolchain: toolchain, useCache: options.useCache, keyPrefix: optionsKey, events: events)
                .run(toRun, with: inputs, reach: reach, chapter: chapter, submissions: submissions)
            // Race exercises whose tests pass run them again under the Thread Sanitizer.
            let judge = ThreadSanitizerJudge(
                build: ThreadSanitizerBuild(toolchain: toolchain, workbook: workbook, cache: cache, moduleName: moduleName, exercises: exercises),
                runSettings: runSettings, chapter: chapter, submissions: submissions, paths: paths)
            for (exercise, submission) in toRun where exercise.kind.runsUnderThreadSanitizer {
                guard let index = grades.firstIndex(where: { $0.id == exercise.id }) else { continue }
                grades[index] = judge.judge(grades[index], exercise: exercise, submission: submission)
            }
            for index in grades.indices where options.learnerNotes {
                grades[index].warnings = notes.warnings(of: grades[index].id, in: inputs, submissions: submissions)
            }
            inputs.release()
        }
        if let dependencies { notes.noteDependencies(&grades, dependencies, exercises: exercises, submissions: submissions) }
        // The teacher's full disk is not the student's 0: stop, say so, and cache nothing
        // (a full disk in `grade` became the student's cached 0, measured).
        if let system = grades.lazy.compactMap({ BuildFailures.storageProblem(in: $0.message) }).first {
            throw WorkbookError.cannotWrite(path: workbook.displayPath(cache), reason: system)
        }
        // Nor is a run the sandbox could not set up (twice: SuiteRunner) a student's crash.
        if let failure = grades.lazy.compactMap(\.sandboxFailure).first {
            throw WorkbookError.toolFailed(name: "bubblewrap", message: "it could not set up a run of the tests, twice in a row: \(failure)")
        }
        grades = grades.filter { grade in selected.contains { $0.id == grade.id } }
        for index in grades.indices {
            guard let exercise = exercises.first(where: { $0.id == grades[index].id }),
                  let submission = asSubmitted.first(where: { $0.exercise == exercise.id }) else { continue }
            grades[index].escapeHatches = notes.escapeHatches(in: submission, allowed: exercise.allows)
        }
        grades.sort { $0.id < $1.id }
        let grade = ChapterGrade(chapter: chapter.number, title: chapter.title, exercises: grades)
        if let resultFile, let data = try? JSONEncoder().encode(grade) {
            try? AtomicFile.write(data, to: resultFile)
        }
        return grade
    }

    /// The grading options that change a result, as a key prefix.
    private var optionsKey: String {
        ContentHash.of([WorkbookVersion.current, "exercise-v2", toolchain.version,
                        "\(options.timeout) \(options.outputLimit) \(options.runStarters) \(options.submissions) \(options.pathsFromWorkspace)",
                        options.testEnvironment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "\n")]).prefix(8) + "-"
    }

    private func inputsKey(chapter: Chapter, moduleName: String, submissions: [Submission], selected: [ExerciseID]) throws -> String {
        var hash = ContentHash()
        hash.combine("grade-v12")  // v12: each test's id kept (per-test coverage); v11: race exercises judged under the Thread Sanitizer; v10: a dependency noted only where established; v9: what its tests reach, noted; v8: a release leaves a compile exercise out (no reference); v7: your code's lines shown; v6: escape hatches; v5: the learner's file named for a stand-in (v4: compile exercises and predictions, the sandbox)
        hash.combine(toolchain.version)
        // How the tests run: the runner's protocol, and whether the sandbox was there.
        hash.combine(RunnerEntryPoint.source)
        hash.combine(toolchain.host.sandbox.summary)
        hash.combine("\(options.timeout) \(options.outputLimit) \(options.runStarters) \(options.submissions) \(options.outputPerTest) \(options.pathsFromWorkspace) \(options.wantedTestsOnly) \(options.wholeModuleDiagnostics)")
        hash.combine(options.testEnvironment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "\n"))
        hash.combine(selected.map(\.description).joined(separator: ","))
        hash.combine(options.leftOutTests.sorted().joined(separator: ","))
        var files: [URL] = []
        for folder in WorkbookLayout.gradingInputs(module: moduleName) {
            files += ModuleBuilder.sources(in: workbook.url(folder))
        }
        files += submissions.map(\.file)
        for file in files {
            hash.combine(file.path)
            hash.combine(FileManager.default.contents(atPath: file.path) ?? Data())
        }
        return hash.hex
    }
}
