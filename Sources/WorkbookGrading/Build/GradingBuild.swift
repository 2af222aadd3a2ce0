import Foundation
import WorkbookModel
import WorkbookSystem
import WorkbookToolchain
import WorkbookRunning

/// The build stage of grading: the support modules, the chapter's module from the
/// plan's submissions, and the tests' objects from all the chapter's test files. A
/// submission that breaks either compile is blamed (`Blame`) and stood in for, and the
/// build is retried, so one broken file never stops the others being graded.
struct GradingBuild {
    /// What the build reads: where things are, and whom to tell what it is doing.
    struct Settings: Sendable {
        var workbook: Workbook
        var toolchain: SwiftToolchain
        var cache: URL
        /// The folder under the cache the module's incremental builds live in (`Grader.Options`).
        var buildsFolderName: String
        /// `Grader.Options.wholeModuleDiagnostics`.
        var wholeModuleDiagnostics = true
        /// `Grader.Options.compileTimeout`.
        var compileTimeout: Double = 300
        /// `Grader.Options.solverScopeLimit`.
        var solverScopeLimit: Int?
        /// Tests files (root-relative) left out of the build.
        var leftOutTests: Set<String>
        var paths: LearnerPaths
        var events: GradingEvents?
    }

    struct Output {
        /// The plan as built: stand-ins in place of what did not compile, and what was found.
        var plan: GradingPlan
        /// The compiled module and tests, ready to link into the runner, when the
        /// chapter could be built at all and the build did not stop at its wanted
        /// exercises, all broken (`run(_:wanted:)`).
        var runner: RunnerInputs?
        /// Why nothing could be built (an author's problem, not the learner's).
        var chapterFailure: String?
    }

    let settings: Settings
    let chapter: Chapter
    let moduleName: String
    let exercises: [Exercise]

    private var workbook: Workbook { settings.workbook }
    private var builder: ModuleBuilder { ModuleBuilder(toolchain: settings.toolchain, cacheFolder: settings.cache) }
    /// The compiler's jobs without the driver, when this toolchain's could be learnt.
    private let commands: DirectCommands?

    init(settings: Settings, chapter: Chapter, moduleName: String, exercises: [Exercise]) {
        self.settings = settings
        self.chapter = chapter
        self.moduleName = moduleName
        self.exercises = exercises
        moduleFlags = Self.moduleFlags + (settings.solverScopeLimit.flatMap(settings.toolchain.solverScopeFlags) ?? [])
        commands = DirectCommands.cached(toolchain: settings.toolchain, flags: moduleFlags, cacheFolder: settings.cache)
    }

    /// The chapter module's flags: line tables for crash reports, and strict memory
    /// safety's warnings for `UnsafeMemoryScan`.
    static let moduleFlags = CrashReport.moduleFlags + UnsafeMemoryScan.compilerFlags
    /// This build's: `moduleFlags`, and the type checker's limit when one is set.
    private let moduleFlags: [String]

    /// The runner's `main`: orders on standard input, numbered and signed results on fd 3.
    static let entryPoint = RunnerEntryPoint.source

    /// What each of the two compiles beside each other made (`compileTests`).
    private enum RunnerBuildStep: Sendable {
        case tests(ChildProcess.Result)
        case main(Result<URL, RunnerMainObject.Failure>)
    }

    /// Builds the plan's submissions. With `wanted` (an exercise checked alone, a mutant),
    /// the build stops as soon as every wanted exercise is found broken: their verdicts
    /// are decided then, and the rest (the module again with their stand-ins, the tests'
    /// objects for that mix, the runner) would serve only exercises nobody asked for.
    /// In `workbook mutate`, that rest was half of chapter 1's CPU: each non-compiling
    /// mutant's stand-in mix compiled the tests again (4 of its 5, 23 of 43 s).
    ///
    /// `narrowTests` (with `wanted`): the runner may hold only the wanted exercises' tests
    /// (`Grader.Options.wantedTestsOnly`).
    func run(_ planned: GradingPlan, wanted: Set<ExerciseID> = [], narrowTests: Bool = false) throws -> Output {
        var plan = planned
        func wantedAllBroken() -> Bool { !wanted.isEmpty && wanted.allSatisfy { plan.broken[$0] != nil } }
        settings.events?(.compilingSupport)
        let dependencies = try supportModules()
        let moduleFolder = workbook.url(WorkbookLayout.moduleSources(moduleName))
        let references = Set(exercises.compactMap(\.referenceFile).map { workbook.url($0).standardizedFileURL.path })
        let support = ModuleBuilder.sources(in: moduleFolder).filter { !references.contains($0.standardizedFileURL.path) }
        let switchFile = try MutantSwitch.file(in: settings.cache)
        let leftOut = Set(settings.leftOutTests.map { workbook.url($0).standardizedFileURL.path })
        let allTestFiles = ModuleBuilder.sources(in: workbook.url(WorkbookLayout.moduleTests(moduleName)))
            .filter { !leftOut.contains($0.standardizedFileURL.path) }
        let refusals = BuildRefusals(toolchain: settings.toolchain, paths: settings.paths, exercises: exercises)
        let shorten = settings.paths.shorten

        plan = refusals.refuseUnsafeSources(plan)
        // Read and hashed only when a memo may be asked for: most checks have no untouched
        // compile starter, and every check would read the module's sources again.
        let compileStarter = plan.entries.contains { $0.current.submission.isStarter && !$0.starterCompiles }
        let memo = CompileStarterMemo(
            toolchain: settings.toolchain, cache: settings.cache, wording: BuildFindingWording(paths: settings.paths),
            moduleInputs: compileStarter ? CompileStarterMemo.moduleInputs(folder: moduleFolder, dependencies: dependencies) : "")
        let remembered: Set<ExerciseID>
        (plan, remembered) = memo.standIn(plan)
        if wantedAllBroken() { return Output(plan: plan) }
        // Each round either builds or replaces at least one more submission by its starter.
        for _ in 0...(exercises.count + 1) {
            settings.events?(.compilingModule(moduleName))
            let sources = support + [switchFile] + plan.submissions.map(\.file)
            let module: IncrementalModuleBuilder.Built
            switch compileModule(sources: sources, dependencies: dependencies) {
            case .success(let built):
                module = built
            case .failure(let diagnostics):
                if let system = BuildFailures.storageProblem(in: diagnostics.allText) {
                    throw WorkbookError.cannotWrite(path: workbook.displayPath(settings.cache), reason: system)
                }
                // A compiler stopped at its limit has said nothing about any file.
                if diagnostics.allText.hasPrefix("compiling took longer than") {
                    return Output(plan: plan, chapterFailure: "the chapter's module \(moduleName) could not be built: " + shorten(diagnostics.allText))
                }
                let before = plan
                plan = Blame.apply(diagnostics, phase: .module, to: plan)
                guard plan.submissions != before.submissions else {
                    return Output(plan: plan, chapterFailure: "the chapter's module \(moduleName) does not compile, even with the starters:\n"
                                  + shorten(LearnerDiagnostics.shown(diagnostics, plan: plan)))
                }
                memo.remember(before, findings: plan.broken, except: remembered)
                if wantedAllBroken() { return Output(plan: plan) }
                continue
            }
            switch refusals.refuseInterposition(module, plan) {
            case .none: break
            case .replaced(let next):
                plan = next
                continue
            case .cannotReplace(let next, let refusal):
                return Output(plan: next, chapterFailure: refusal)
            }
            switch refusals.refuseUnsafeMemory(module, plan) {
            case .none: break
            case .replaced(let next):
                plan = next
                continue
            case .cannotReplace(let next, let refusal):
                return Output(plan: next, chapterFailure: refusal)
            }

            settings.events?(.compilingTests)
            // A left-out exercise's tests (and its hidden ones) call what is not there.
            let leftOutTests = Set(plan.submissions.filter { $0.origin == .leftOut }.compactMap { submission in
                exercises.first { $0.id == submission.exercise }?.testsFile
            }.flatMap { [$0, HiddenTests.file(forTests: $0)].compactMap { $0 } }.map { workbook.url($0).standardizedFileURL.path })
            let testFiles = allTestFiles.filter { !leftOutTests.contains($0.standardizedFileURL.path) }
            // `narrowTests` (mutate): when the whole set is not compiled for this interface
            // yet (a mutant that changed it), the wanted exercises' own tests are compiled,
            // a tenth of the work. Should they not compile alone, the whole set is compiled
            // as always, and its diagnostics are the ones blamed.
            let whole = testObjectsPlace(module: module, dependencies: dependencies, testFiles: testFiles)
            if narrowTests, let narrowed = wantedTestFiles(testFiles, wanted: wanted), !whole.known,
               case .success(let tests) = compileTests(module: module, dependencies: dependencies,
                                                       at: testObjectsPlace(module: module, dependencies: dependencies, testFiles: narrowed)) {
                return Output(plan: plan, runner: RunnerInputs(module: module, dependencies: dependencies, tests: tests, commands: commands))
            }
            switch compileTests(module: module, dependencies: dependencies, at: whole) {
            case .success(let tests):
                return Output(plan: plan, runner: RunnerInputs(module: module, dependencies: dependencies, tests: tests, commands: commands))
            case .failure(let diagnostics):
                let before = plan
                plan = Blame.apply(diagnostics, phase: .tests, to: plan)
                guard plan.submissions != before.submissions else {
                    return Output(plan: plan, chapterFailure: "the chapter's tests do not compile:\n" + shorten(LearnerDiagnostics.shown(diagnostics, plan: plan)))
                }
                if wantedAllBroken() { return Output(plan: plan) }
            }
        }
        return Output(plan: plan, chapterFailure: "the chapter could not be built")
    }

    /// Said after a remembered time-out, when the same files are checked again.
    static let rememberedTimeout = "\n(remembered: these same files were stopped at the limit before, so they were not compiled again; "
        + "a change to any of them compiles them again)"

    /// `Diner` and `Stage`, built (or found in the cache) the way snippets get them.
    private func supportModules() throws -> [ModuleBuilder.BuiltModule] {
        let resolution = ImportableModules(root: workbook.root, builder: builder).build(WorkbookLayout.supportModules)
        if let broken = WorkbookLayout.supportModules.first(where: { resolution.failures[$0] != nil }) {
            let reason = resolution.failures[broken]!
            // Not the module's fault: the cache could not be written (a full disk was
            // reported as "module Stage does not compile", measured).
            if let system = BuildFailures.storageProblem(in: reason) {
                throw WorkbookError.cannotWrite(path: workbook.displayPath(settings.cache), reason: system)
            }
            throw WorkbookError.moduleDoesNotCompile(reason: reason)
        }
        return resolution.modules
    }

    /// The module, or its diagnostics; failures are cached too, so re-checking an
    /// unchanged broken file does not compile it again. Built incrementally in
    /// `.workbook/cache/builds/`: an edit inside one function recompiles one file.
    private func compileModule(sources: [URL], dependencies: [ModuleBuilder.BuiltModule]) -> BuildResult<IncrementalModuleBuilder.Built> {
        // Diagnostics name the files by their paths: the key holds the paths too, so one
        // workspace's failure is never shown in another's (two students, one root).
        var pathsHash = ContentHash()
        for source in sources { pathsHash.combine(source.path) }
        let key = builder.key(name: moduleName, sources: sources, dependencies: dependencies,
                              flags: ["incremental", pathsHash.hex] + UnsafeMemoryScan.compilerFlags + (settings.wholeModuleDiagnostics ? [] : ["changed-files-diagnostics"])
                                + moduleFlags.filter { $0.hasPrefix("-solver-") })
        let failureFile = CacheFolder.failures.url(in: settings.cache).appendingPathComponent("\(moduleName)-\(key).txt")
        if let data = FileManager.default.contents(atPath: failureFile.path) {
            return .failure(CompilerDiagnostics(String(decoding: data, as: UTF8.self)))
        }
        do {
            var incremental = IncrementalModuleBuilder(
                toolchain: settings.toolchain, buildFolder: settings.cache.appendingPathComponent(settings.buildsFolderName), commands: commands)
            incremental.driverFlags = moduleFlags
            incremental.diagnoseWholeModule = settings.wholeModuleDiagnostics
            incremental.compileTimeout = settings.compileTimeout
            return .success(try incremental.build(name: moduleName, sources: sources, dependencies: dependencies))
        } catch let failure as ModuleBuilder.BuildFailure {
            // A full disk is no verdict on the sources: never remembered as one. A time-out is
            // remembered, so a type-checker bomb costs its limit once, not on every check.
            if BuildFailures.storageProblem(in: failure.diagnostics) == nil {
                try? AtomicFile.write(failure.diagnostics + (failure.timedOut ? Self.rememberedTimeout : ""), to: failureFile)
            }
            return .failure(CompilerDiagnostics(failure.diagnostics))
        } catch {
            return .failure(CompilerDiagnostics(FileFailure.from(error)?.description ?? "\(error)"))
        }
    }

    /// The tests' objects, compiled once per interface of the chapter's module (its
    /// `.swiftmodule`, which a change inside a function body leaves byte-identical):
    /// editing a body re-links; it never recompiles the tests (their macros make them
    /// the slowest part).
    struct TestObjects {
        var folder: URL
        /// Changes with the interface, the test files, the support modules and the toolchain.
        var key: String

        func object(for testsFile: String) -> URL {
            folder.appendingPathComponent(URL(fileURLWithPath: testsFile).deletingPathExtension().lastPathComponent + ".o")
        }
    }

    /// Where the objects of some tests files compiled against a module are kept, by a key
    /// of everything they are compiled from; and where a lasting failure to compile them is.
    struct TestObjectsPlace {
        var tests: TestObjects
        /// Each file as the compiler is told it (relative to the root), and where it is.
        var named: [(String, URL)]
        var failureFile: URL

        /// Whether the objects are compiled, or known not to compile.
        var known: Bool {
            CacheEntry(tests.folder, product: RunnerMainObject.objectName).existing() != nil
                || FileManager.default.fileExists(atPath: failureFile.path)
        }
    }

    /// Module digests by the file's identity (path, inode, size, modification time): the
    /// repair probe grades each of its mutants against one schema module, and reading it
    /// again for each run was 5% of the planted-mistake suite's CPU time (debug build).
    private static let digests = BoundedMemo<String, String?>(limit: 512)

    private static func digest(ofModule file: URL) -> String? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file.path),
              let size = attributes[.size] as? NSNumber, let modified = attributes[.modificationDate] as? Date
        else { return nil }
        let inode = (attributes[.systemFileNumber] as? NSNumber)?.stringValue ?? "?"
        let identity = "\(file.path)|\(inode)|\(size)|\(modified.timeIntervalSince1970)"
        return digests.value(for: identity) {
            FileManager.default.contents(atPath: file.path).flatMap { SwiftModuleDigest.digest([UInt8]($0)) }
        }
    }

    private func testObjectsPlace(
        module: IncrementalModuleBuilder.Built, dependencies: [ModuleBuilder.BuiltModule], testFiles: [URL]
    ) -> TestObjectsPlace {
        var objectsHash = ContentHash()
        objectsHash.combine(settings.toolchain.version)
        objectsHash.combine(GradingBuild.entryPoint)
        for dependency in dependencies { objectsHash.combine(dependency.key) }
        // The module as its clients see it: an edit that changes only a type body's
        // fingerprint (a stored closure's body) keeps the tests' objects (SwiftModuleDigest).
        let moduleFile = module.folder.appendingPathComponent("\(module.name).swiftmodule")
        if let digest = Self.digest(ofModule: moduleFile) {
            objectsHash.combine("module digest " + digest)
        } else if let data = FileManager.default.contents(atPath: moduleFile.path) {
            objectsHash.combine(data)
        } else {
            objectsHash.combine(module.key)
        }
        // The tests are named to the compiler relative to the workbook's root, its working
        // directory, so their `#filePath`s and this key are the same in every copy of the
        // workbook: a test's copy or a mutate worker finds the objects `verify` compiled
        // (a cold `check 3` took 10.4 s of CPU, 1.7 s with them found). SuiteRunner
        // resolves the paths again.
        let named = testFiles.map { (TestSourcePaths.relative($0, to: workbook.root), $0) }
        for (name, file) in named {
            objectsHash.combine(name)
            objectsHash.combine(FileManager.default.contents(atPath: file.path) ?? Data())
        }
        let objects = CacheFolder.testObjects.url(in: settings.cache).appendingPathComponent("\(moduleName)-\(objectsHash.hex)")
        return TestObjectsPlace(tests: TestObjects(folder: objects, key: objectsHash.hex), named: named,
                                failureFile: objects.appendingPathExtension("failure.txt"))
    }

    /// The tests files the wanted exercises need: the chapter's, less every other
    /// exercise's tests and hidden tests. Nil when that leaves out nothing.
    private func wantedTestFiles(_ testFiles: [URL], wanted: Set<ExerciseID>) -> [URL]? {
        let others = Set(exercises.filter { !wanted.contains($0.id) }.compactMap(\.testsFile)
            .flatMap { [$0, HiddenTests.file(forTests: $0)].compactMap { $0 } }
            .map { workbook.url($0).standardizedFileURL.path })
        let kept = testFiles.filter { !others.contains($0.standardizedFileURL.path) }
        return kept.count < testFiles.count ? kept : nil
    }

    private func compileTests(
        module: IncrementalModuleBuilder.Built, dependencies: [ModuleBuilder.BuiltModule], at place: TestObjectsPlace
    ) -> BuildResult<TestObjects> {
        let (tests, named, failureFile) = (place.tests, place.named, place.failureFile)
        let objects = tests.folder
        // Kept as the compiler said it (relative, so the memo is right in any copy), and
        // read with this workbook's absolute paths, as blame expects them.
        func failure(_ text: String) -> BuildResult<TestObjects> {
            .failure(CompilerDiagnostics(TestSourcePaths.absolute(text, names: named)))
        }
        if let data = FileManager.default.contents(atPath: failureFile.path) {
            return failure(String(decoding: data, as: UTF8.self))
        }
        // The runner's main object is the last one put in: its presence says the entry is whole.
        var failed: String?
        do {
            let made = try CacheEntry(objects, product: RunnerMainObject.objectName).produce { scratch in
                var arguments = RunnerMainObject.flags + ["-c"]
                // In batches, side by side: one frontend per test file ran them one after
                // another and started a compiler (Foundation, Testing, the macros) for each;
                // chapter 3's 10 files took 8.6-9.3 s of CPU and as much wall time that way,
                // 6.3-7.6 s of CPU and 3.5 s of wall in two batches (2 cores). As many
                // batches as a module build makes of as many files (at least three files
                // each): one exercise's tests and the main, as `mutate` compiled them, had
                // been two compilers, each loading everything for one file.
                let batches = DirectCommands.batches(of: named.count).count
                arguments += ["-enable-batch-mode", "-j", "\(batches)"]
                arguments += ["-I", module.folder.path]
                for built in dependencies { arguments += built.compilerFlags }
                // Each object into the scratch folder under its file's name, as with no map.
                var map: [String: [String: String]] = [:]
                for (name, file) in named {
                    map[name] = ["object": scratch.appendingPathComponent(tests.object(for: file.path).lastPathComponent).path]
                }
                let mapFile = scratch.appendingPathComponent("output-file-map.json")
                try AtomicFile.write(try JSONSerialization.data(withJSONObject: map, options: [.sortedKeys]), to: mapFile)
                arguments += ["-output-file-map", mapFile.path] + named.map(\.0)
                // The runner's main, compiled once per toolchain (`RunnerMainObject`); the
                // first time, beside the tests, as when it was one of their batches.
                let main = RunnerMainObject(toolchain: settings.toolchain, cache: settings.cache)
                let (toolchain, root, command) = (settings.toolchain, workbook.root.path, arguments)
                let steps = try BlockingLanes.map([false, true], width: main.entry.existing() == nil ? 2 : 1) { isMain in
                    isMain ? RunnerBuildStep.main(try main.produce())
                        : RunnerBuildStep.tests(try toolchain.compile(command, workingDirectory: root))
                }
                guard case .tests(let result) = steps[0], case .main(let mainObject) = steps[1] else { return false }
                guard result.termination.isSuccess else {
                    let text = result.standardError + result.standardOutput
                    if BuildFailures.lastingFailure(result.termination, text) { try? AtomicFile.write(text, to: failureFile) }
                    failed = text
                    return false
                }
                try? FileManager.default.removeItem(at: mapFile)
                switch mainObject {
                case .success(let object):
                    // A link of the shared object (a copy where links cannot be made): the
                    // linker reads every object in the entry (`TestRunnerLinker`).
                    let linked = scratch.appendingPathComponent(RunnerMainObject.objectName)
                    do { try FileManager.default.linkItem(at: object, to: linked) } catch { try FileManager.default.copyItem(at: object, to: linked) }
                    return true
                case .failure(let failure):
                    failed = failure.diagnostics
                    return false
                }
            }
            return made == nil ? failure(failed ?? "the tests did not compile") : .success(tests)
        } catch {
            return .failure(CompilerDiagnostics(FileFailure.from(error)?.description ?? "\(error)"))
        }
    }
}
