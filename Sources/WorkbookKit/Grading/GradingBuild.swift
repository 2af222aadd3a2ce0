import Foundation
import WorkbookModel
import WorkbookSystem
import WorkbookToolchain

/// The compile half of grading: the support modules, the chapter's module from the
/// submissions, and one test runner from all the chapter's test files. A submission
/// that breaks either compile is recorded as broken and its starter takes its place,
/// and the build is retried, so one broken file never stops the others being graded.
struct GradingBuild {
    struct Output {
        /// The compiled module and tests, ready to link into the runner, when the
        /// chapter could be built at all.
        var runner: RunnerInputs?
        /// Exercises that do not compile, with the compiler's diagnostics (paths shortened).
        var broken: [ExerciseID: String] = [:]
        /// Why nothing could be built (an author's problem, not the learner's).
        var chapterFailure: String?
    }

    let grader: Grader
    let chapter: Chapter
    let moduleName: String
    let exercises: [Exercise]

    private var workbook: Workbook { grader.workbook }
    private var builder: ModuleBuilder { ModuleBuilder(toolchain: grader.toolchain, cacheFolder: grader.cache) }
    /// The compiler's jobs without the driver, when this toolchain's could be learnt.
    private let commands: DirectCommands?

    init(grader: Grader, chapter: Chapter, moduleName: String, exercises: [Exercise]) {
        self.grader = grader
        self.chapter = chapter
        self.moduleName = moduleName
        self.exercises = exercises
        commands = DirectCommands.cached(toolchain: grader.toolchain, flags: CrashReport.moduleFlags, cacheFolder: grader.cache)
    }

    static let runnerModuleName = RunnerEntryPoint.moduleName
    /// The runner's `main`: orders on standard input, numbered and signed results on fd 3.
    static let entryPoint = RunnerEntryPoint.source

    func run(_ submissions: inout [Submission]) throws -> Output {
        var output = Output()
        grader.progress?("compiling Diner and Stage")
        let dependencies = try supportModules()
        let moduleFolder = workbook.url("Sources/\(moduleName)")
        let references = Set(exercises.compactMap(\.referenceFile).map { workbook.url($0).standardizedFileURL.path })
        let support = ModuleBuilder.sources(in: moduleFolder).filter { !references.contains($0.standardizedFileURL.path) }
        let leftOut = Set(grader.options.leftOutTests.map { workbook.url($0).standardizedFileURL.path })
        let allTestFiles = ModuleBuilder.sources(in: workbook.url("Tests/\(moduleName)Tests"))
            .filter { !leftOut.contains($0.standardizedFileURL.path) }

        refuseRelocatedDiagnostics(&submissions, &output)
        // Read and hashed only when a memo may be asked for: most checks have no untouched
        // compile starter, and every check would read the module's sources again.
        let compileStarter = submissions.contains { submission in
            submission.isStarter && exercises.contains { $0.id == submission.exercise && !$0.kind.starterCompiles }
        }
        let moduleInputs = compileStarter ? Self.moduleInputs(folder: moduleFolder, dependencies: dependencies) : ""
        let remembered = standInForUntouchedCompileStarters(&submissions, &output, moduleInputs: moduleInputs)
        // Each round either builds or replaces at least one more submission by its starter.
        for _ in 0...(exercises.count + 1) {
            grader.progress?("compiling \(moduleName)")
            let sources = support + submissions.map(\.file)
            let module: IncrementalModuleBuilder.Built
            switch compileModule(sources: sources, dependencies: dependencies) {
            case .success(let built):
                module = built
            case .failure(let diagnostics):
                if let system = GradingBuild.storageProblem(in: diagnostics.allText) {
                    throw WorkbookError.cannotWrite(path: workbook.displayPath(grader.cache), reason: system)
                }
                // A compiler stopped at its limit has said nothing about any file.
                if diagnostics.allText.hasPrefix("compiling took longer than") {
                    output.chapterFailure = "the chapter's module \(moduleName) could not be built: " + shorten(diagnostics.allText)
                    return output
                }
                let learnerFiles = submissions.map { ($0.exercise, $0.file) }
                guard blame(diagnostics, in: learnerFiles, &submissions, &output, prefix: "") else {
                    output.chapterFailure = "the chapter's module \(moduleName) does not compile, even with the starters:\n" + shorten(diagnostics.allText)
                    return output
                }
                rememberCompileStarters(learnerFiles, output, except: remembered, moduleInputs: moduleInputs)
                continue
            }
            switch refuseInterposition(module, &submissions, &output) {
            case .none: break
            case .replaced: continue
            case .cannotReplace(let refusal):
                output.chapterFailure = refusal
                return output
            }

            grader.progress?("compiling the tests")
            // A left-out exercise's tests (and its hidden ones) call what is not there.
            let leftOutTests = Set(submissions.filter { $0.origin == .leftOut }.compactMap { submission in
                exercises.first { $0.id == submission.exercise }?.testsFile
            }.flatMap { [$0, HiddenTests.file(forTests: $0)].compactMap { $0 } }.map { workbook.url($0).standardizedFileURL.path })
            let testFiles = allTestFiles.filter { !leftOutTests.contains($0.standardizedFileURL.path) }
            switch compileTests(module: module, dependencies: dependencies, testFiles: testFiles) {
            case .success(let tests):
                output.runner = RunnerInputs(build: self, module: module, dependencies: dependencies, tests: tests)
                return output
            case .failure(let diagnostics):
                let testsOf = exercises.compactMap { exercise in
                    exercise.testsFile.map { (exercise.id, workbook.url($0)) }
                }
                guard blame(diagnostics, in: testsOf, &submissions, &output,
                            prefix: "your file compiles, but the tests do not compile against it (they call what the statement names, with its signatures):\n") else {
                    output.chapterFailure = "the chapter's tests do not compile:\n" + shorten(diagnostics.allText)
                    return output
                }
            }
        }
        output.chapterFailure = "the chapter could not be built"
        return output
    }

    /// Where an untouched compile exercise's starter diagnostics are kept: by its path and
    /// text, the toolchain, and what the starter compiles with (`moduleInputs`), so a
    /// changed reference, support file, Diner or Stage is never answered from the memo.
    private func starterMemo(_ exercise: ExerciseID, _ file: URL, moduleInputs: String) -> URL? {
        guard let text = FileManager.default.contents(atPath: file.path) else { return nil }
        var hash = ContentHash()
        for part in [grader.toolchain.version, exercise.description, file.standardizedFileURL.path, moduleInputs] { hash.combine(part) }
        hash.combine(text)
        return CacheFolder.compileStarters.url(in: grader.cache).appendingPathComponent("\(hash.hex).txt")
    }

    /// The module's own sources (references and support files, by name and content) and
    /// its dependencies' keys.
    private static func moduleInputs(folder: URL, dependencies: [ModuleBuilder.BuiltModule]) -> String {
        var hash = ContentHash()
        for dependency in dependencies { hash.combine(dependency.key) }
        for source in ModuleBuilder.sources(in: folder) {
            hash.combine(source.lastPathComponent)
            hash.combine(FileManager.default.contents(atPath: source.path) ?? Data())
        }
        return hash.hex
    }

    /// A compile exercise's starter does not compile, by design (`verify` proves it), so
    /// while the learner's file is still that starter the first build of every check
    /// failed on it and a second one ran without it: chapter 3's re-check after an edit
    /// took two module compiles, 0.64 s and 0.53 s (measured). Once its diagnostics are
    /// known, its reference stands in from the start and they are reported as before.
    /// An untouched starter is graded "not started" whatever it does, and no exercise uses
    /// a compile exercise's code, so the other exercises' grades do not change.
    private func standInForUntouchedCompileStarters(_ submissions: inout [Submission], _ output: inout Output, moduleInputs: String) -> Set<ExerciseID> {
        guard grader.options.submissions == .workspace else { return [] }
        var replaced: Set<ExerciseID> = []
        for index in submissions.indices where submissions[index].isStarter && output.broken[submissions[index].exercise] == nil {
            let id = submissions[index].exercise
            guard let exercise = exercises.first(where: { $0.id == id }), !exercise.kind.starterCompiles,
                  let memo = starterMemo(id, submissions[index].file, moduleInputs: moduleInputs),
                  let known = FileManager.default.contents(atPath: memo.path),
                  let standIn = compileStandIn(for: exercise, isStarter: true) else { continue }
            output.broken[id] = String(decoding: known, as: UTF8.self)
            submissions[index] = standIn
            CachePruner.markUsed(memo)
            replaced.insert(id)
        }
        return replaced
    }

    /// What takes the place of a compile exercise's file that does not compile: its
    /// reference, in the teacher's workbook; in a student release, which has none, an
    /// empty file (the exercise and its tests left out of the build; lint makes sure no
    /// exercise uses a compile exercise's code, so the others build without it).
    func compileStandIn(for exercise: Exercise, isStarter: Bool) -> Submission? {
        guard workbook.isRelease else {
            return exercise.referenceFile.map { Submission(exercise: exercise.id, file: workbook.url($0), origin: .reference, isStarter: isStarter) }
        }
        let file = CacheFolder.leftOut.url(in: grader.cache).appendingPathComponent(chapter.stem)
            .appendingPathComponent(exercise.fileName ?? "Ex\(exercise.id.number).swift")
        let text = "// Exercise \(exercise.id) is left out of this build: its file does not compile, and a student release has no reference to stand in for it.\n"
        if FileManager.default.contents(atPath: file.path).map({ String(decoding: $0, as: UTF8.self) }) != text {
            guard (try? AtomicFile.write(text, to: file)) != nil else { return nil }
        }
        return Submission(exercise: exercise.id, file: file, origin: .leftOut, isStarter: isStarter)
    }

    /// Keeps what an untouched compile starter's failed build said, for the next check.
    private func rememberCompileStarters(_ files: [(ExerciseID, URL)], _ output: Output, except remembered: Set<ExerciseID>, moduleInputs: String) {
        guard grader.options.submissions == .workspace else { return }
        for (id, file) in files where !remembered.contains(id) {
            guard let text = output.broken[id], let exercise = exercises.first(where: { $0.id == id }), !exercise.kind.starterCompiles,
                  let starter = try? workbook.starter(for: exercise),
                  (try? String(contentsOf: file, encoding: .utf8)) == starter,
                  let memo = starterMemo(id, file, moduleInputs: moduleInputs) else { continue }
            try? AtomicFile.write(text, to: memo)
        }
    }

    /// A learner's `#sourceLocation` makes the compiler name another file for the
    /// learner's own errors, so every exercise of the chapter was blamed (measured); a
    /// public operator or extension of a shared type changes the tests (`ReachIntoTests`);
    /// a construct the exercise's statement forbids silences what it asks for (`ForbiddenScan`).
    /// Such a file is refused, at the line that holds it, and its starter stands in.
    private func refuseRelocatedDiagnostics(_ submissions: inout [Submission], _ output: inout Output) {
        for index in submissions.indices where submissions[index].origin == .learner {
            let file = submissions[index].file
            let shown = grader.displayPath(of: submissions[index])
            guard let text = try? String(contentsOf: file, encoding: .utf8),
                  let exercise = exercises.first(where: { $0.id == submissions[index].exercise }) else { continue }
            let reference = exercise.referenceFile.flatMap { try? workbook.read($0) } ?? ""
            if let line = ReachIntoTests.sourceLocationLine(text) {
                output.broken[exercise.id] = "\(shown):\(line):1: error: "
                    + "`#sourceLocation` would make the compiler's messages name another file; remove it"
            } else if let refusal = ReachIntoTests.refusal(learner: text, reference: reference, shownPath: shown)
                        ?? ForbiddenScan.refusal(text, exercise: exercise, shownPath: shown) {
                output.broken[exercise.id] = refusal
            } else {
                continue
            }
            if !exercise.kind.starterCompiles, let standIn = compileStandIn(for: exercise, isStarter: submissions[index].isStarter) {
                // Its starter does not compile by design: the reference stands in, as `blame` does.
                submissions[index] = standIn
            } else if let starterText = try? workbook.starter(for: exercise),
               let starter = try? grader.starterFile(for: exercise, in: chapter, text: starterText) {
                submissions[index] = Submission(exercise: exercise.id, file: starter, origin: .starter, isStarter: true)
            }
        }
    }

    enum InterpositionOutcome {
        case none, replaced, cannotReplace(String)
    }

    /// A learner's file whose object defines a name the system libraries define is
    /// refused (`Interposition`) and its starter (a compile exercise's reference) stands in.
    /// 1.5–2.4 ms for a whole chapter's objects (75–182 names) plus 0.8 ms to open the libraries (measured).
    private func refuseInterposition(
        _ module: IncrementalModuleBuilder.Built, _ submissions: inout [Submission], _ output: inout Output
    ) -> InterpositionOutcome {
        let learner = submissions.indices.filter { submissions[$0].origin == .learner }
        guard !learner.isEmpty, let libraries = SystemLibraries.load(swiftc: grader.toolchain.swiftc) else { return .none }
        var outcome = InterpositionOutcome.none
        for index in learner {
            guard let position = module.index(of: submissions[index].file), position < module.objects.count,
                  let exercise = exercises.first(where: { $0.id == submissions[index].exercise }),
                  let text = try? String(contentsOf: submissions[index].file, encoding: .utf8),
                  let refusal = Interposition.refusal(object: module.objects[position], source: text,
                                                      shownPath: grader.displayPath(of: submissions[index]), libraries: libraries)
            else { continue }
            output.broken[exercise.id] = refusal
            if !exercise.kind.starterCompiles, let standIn = compileStandIn(for: exercise, isStarter: submissions[index].isStarter) {
                submissions[index] = standIn
            } else if let starterText = try? workbook.starter(for: exercise),
                      let starter = try? grader.starterFile(for: exercise, in: chapter, text: starterText) {
                submissions[index] = Submission(exercise: exercise.id, file: starter, origin: .starter, isStarter: true)
            } else {
                return .cannotReplace(refusal)
            }
            outcome = .replaced
        }
        return outcome
    }

    /// Marks the exercises whose `files` have errors as broken and swaps in their
    /// starters. False when nothing new could be blamed.
    private func blame(
        _ diagnostics: CompilerDiagnostics, in files: [(ExerciseID, URL)], _ submissions: inout [Submission],
        _ output: inout Output, prefix: String
    ) -> Bool {
        var failing = diagnostics.filesWithErrors.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        let moved = redeclarationCulprits(diagnostics, in: files, submissions)
        failing = failing.filter { moved[$0] == nil } + moved.values.flatMap { $0.map(\.path) }
        var blamed = false
        for (id, file) in files where failing.contains(file.standardizedFileURL.path) {
            guard let index = submissions.firstIndex(where: { $0.exercise == id }),
                  let exercise = exercises.first(where: { $0.id == id }) else { continue }
            // `verify`'s starters: a starter that does not compile is that exercise's
            // finding, and its reference stands in so the other starters are still graded
            // (without it, every exercise of the chapter was blamed).
            let verifiedStarter = grader.options.submissions == .starters && exercise.kind.starterCompiles
            let standsIn: Set<Submission.Origin> = !exercise.kind.starterCompiles ? [.reference, .leftOut] : [.starter]
            if verifiedStarter ? submissions[index].origin == .reference : standsIn.contains(submissions[index].origin) { continue }
            var text = diagnostics.entries.filter { URL(fileURLWithPath: $0.path).standardizedFileURL.path == file.standardizedFileURL.path }
                .map(\.text).joined(separator: "\n")
            if let (innocent, name) = moved.lazy.compactMap({ entry in entry.value.first { $0.path == file.standardizedFileURL.path }.map { (entry.key, $0.name) } }).first {
                let line = (try? String(contentsOf: submissions[index].file, encoding: .utf8))?
                    .split(separator: "\n", omittingEmptySubsequences: false)
                    .firstIndex { Self.declares(String($0), name) }.map { ":\($0 + 1):1" } ?? ""
                text = "\(grader.displayPath(of: submissions[index]))\(line): error: your file declares `\(name)` again; "
                    + "\(shorten(innocent)) declares it as its exercise asks, so rename yours (the compiler's words:)\n"
                    + diagnostics.entries.filter { URL(fileURLWithPath: $0.path).standardizedFileURL.path == innocent }.map(\.text).joined(separator: "\n")
            }
            if output.broken[id] == nil { output.broken[id] = prefix + shorten(text) }
            if !exercise.kind.starterCompiles || verifiedStarter,
               let standIn = verifiedStarter && exercise.kind.starterCompiles
                   ? exercise.referenceFile.map({ Submission(exercise: id, file: workbook.url($0), origin: .reference, isStarter: submissions[index].isStarter) })
                   : compileStandIn(for: exercise, isStarter: submissions[index].isStarter) {
                // Its starter does not compile by design, so the reference stands in (in a
                // release, nothing does); the exercise is graded "does not compile" all the
                // same, and no exercise uses it.
                submissions[index] = standIn
                blamed = true
                continue
            }
            guard let starterText = try? workbook.starter(for: exercise),
                  let starter = try? grader.starterFile(for: exercise, in: chapter, text: starterText) else { continue }
            submissions[index] = Submission(exercise: id, file: starter, origin: .starter, isStarter: true)
            blamed = true
        }
        return blamed
    }

    /// The system's words when a build failed because nothing could be written, if so.
    static func storageProblem(in diagnostics: String) -> String? {
        for words in ["No space left on device", "Disk quota exceeded", "Read-only file system"]
        where diagnostics.contains(words) {
            return words == "No space left on device" ? "the disk is full (\(words))" : words
        }
        return nil
    }

    /// Whether a failed compile says something about its inputs, and so may be remembered
    /// under their hash: the compiler exited 1 with an `error:` of its own. A signal (killed,
    /// out of memory), a full or read-only disk, or a file changed under it ("input file …
    /// was modified during the build", seen once: it stayed until the cache was emptied)
    /// says something about that moment only.
    static func lastingFailure(_ termination: ChildProcess.Termination, _ diagnostics: String) -> Bool {
        termination == .exited(1) && diagnostics.contains("error: ") && storageProblem(in: diagnostics) == nil
            && !diagnostics.contains("modified during the build")
    }

    /// "invalid redeclaration of 'X'" names one of the two files that declare `X`, often the
    /// one that is right (a learner's Ex2 declaring Ex1's `add` had every exercise of the
    /// chapter blamed, measured). The culprit is the file whose exercise's reference does
    /// not declare `X`. By the path of the file the compiler named: the files to blame
    /// instead, with the name.
    private func redeclarationCulprits(
        _ diagnostics: CompilerDiagnostics, in files: [(ExerciseID, URL)], _ submissions: [Submission]
    ) -> [String: [(path: String, name: String)]] {
        var moved: [String: [(path: String, name: String)]] = [:]
        for entry in diagnostics.entries where entry.severity == "error" {
            guard let range = entry.text.range(of: "invalid redeclaration of '"),
                  let end = entry.text[range.upperBound...].firstIndex(of: "'") else { continue }
            let name = String(entry.text[range.upperBound..<end]).split(separator: "(").first.map(String.init) ?? ""
            guard !name.isEmpty else { continue }
            let named = URL(fileURLWithPath: entry.path).standardizedFileURL.path
            var culprits: [(path: String, name: String)] = []
            for (id, file) in files {
                guard let submission = submissions.first(where: { $0.exercise == id }),
                      let text = try? String(contentsOf: submission.file, encoding: .utf8), Self.declares(text, name),
                      let reference = exercises.first(where: { $0.id == id })?.referenceFile.flatMap({ try? workbook.read($0) }),
                      !Self.declares(reference, name) else { continue }
                culprits.append((file.standardizedFileURL.path, name))
            }
            if !culprits.isEmpty, !culprits.contains(where: { $0.path == named }) { moved[named] = culprits }
        }
        return moved
    }

    /// Whether `source` declares `name` (a function, type, property or case).
    static func declares(_ source: String, _ name: String) -> Bool {
        let escaped = NSRegularExpression.escapedPattern(for: name)
        return source.range(of: #"\b(func|struct|class|enum|protocol|actor|typealias|var|let|case)\s+"# + escaped + #"\b"#,
                            options: .regularExpression) != nil
    }

    /// `Diner` and `Stage`, built (or found in the cache) the way snippets get them.
    private func supportModules() throws -> [ModuleBuilder.BuiltModule] {
        let resolution = ImportableModules(root: workbook.root, builder: builder).build(["Diner", "Stage"])
        if let broken = ["Diner", "Stage"].first(where: { resolution.failures[$0] != nil }) {
            let reason = resolution.failures[broken]!
            // Not the module's fault: the cache could not be written (a full disk was
            // reported as "module Stage does not compile", measured).
            if let system = GradingBuild.storageProblem(in: reason) {
                throw WorkbookError.cannotWrite(path: workbook.displayPath(grader.cache), reason: system)
            }
            throw WorkbookError.moduleDoesNotCompile(reason: reason)
        }
        return resolution.modules
    }

    enum Compiled<T> {
        case success(T)
        case failure(CompilerDiagnostics)

        func map<U>(_ transform: (T) -> U) -> Compiled<U> {
            switch self {
            case .success(let value): return .success(transform(value))
            case .failure(let diagnostics): return .failure(diagnostics)
            }
        }
    }

    /// The module, or its diagnostics; failures are cached too, so re-checking an
    /// unchanged broken file does not compile it again. Built incrementally in
    /// `.workbook/cache/builds/`: an edit inside one function recompiles one file.
    private func compileModule(sources: [URL], dependencies: [ModuleBuilder.BuiltModule]) -> Compiled<IncrementalModuleBuilder.Built> {
        // Diagnostics name the files by their paths: the key holds the paths too, so one
        // workspace's failure is never shown in another's (two students, one root).
        var pathsHash = ContentHash()
        for source in sources { pathsHash.combine(source.path) }
        let key = builder.key(name: moduleName, sources: sources, dependencies: dependencies, flags: ["incremental", pathsHash.hex])
        let failureFile = CacheFolder.failures.url(in: grader.cache).appendingPathComponent("\(moduleName)-\(key).txt")
        if let data = FileManager.default.contents(atPath: failureFile.path) {
            return .failure(CompilerDiagnostics(String(decoding: data, as: UTF8.self)))
        }
        do {
            var incremental = IncrementalModuleBuilder(
                toolchain: grader.toolchain, buildFolder: grader.cache.appendingPathComponent(grader.options.buildsFolderName), commands: commands)
            incremental.driverFlags = CrashReport.moduleFlags
            return .success(try incremental.build(name: moduleName, sources: sources, dependencies: dependencies))
        } catch let failure as ModuleBuilder.BuildFailure {
            // A full disk is no verdict on the sources: never remembered as one.
            if !failure.timedOut, GradingBuild.storageProblem(in: failure.diagnostics) == nil {
                try? AtomicFile.write(failure.diagnostics, to: failureFile)
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

    private func compileTests(
        module: IncrementalModuleBuilder.Built, dependencies: [ModuleBuilder.BuiltModule], testFiles: [URL]
    ) -> Compiled<TestObjects> {
        var objectsHash = ContentHash()
        objectsHash.combine(grader.toolchain.version)
        objectsHash.combine(GradingBuild.entryPoint)
        for dependency in dependencies { objectsHash.combine(dependency.key) }
        objectsHash.combine(FileManager.default.contents(atPath: module.folder.appendingPathComponent("\(module.name).swiftmodule").path) ?? Data(module.key.utf8))
        for file in testFiles {
            objectsHash.combine(file.path)
            objectsHash.combine(FileManager.default.contents(atPath: file.path) ?? Data())
        }
        let objects = CacheFolder.testObjects.url(in: grader.cache).appendingPathComponent("\(moduleName)-\(objectsHash.hex)")
        let tests = TestObjects(folder: objects, key: objectsHash.hex)
        let failureFile = objects.appendingPathExtension("failure.txt")
        if let data = FileManager.default.contents(atPath: failureFile.path) {
            return .failure(CompilerDiagnostics(String(decoding: data, as: UTF8.self)))
        }
        if FileManager.default.fileExists(atPath: objects.path) {
            CachePruner.markUsed(objects)
            return .success(tests)
        }
        do {
            StaleScratch.sweep(objects.deletingLastPathComponent())
            let scratch = objects.deletingLastPathComponent().appendingPathComponent(".tmp-\(objectsHash.hex)-\(getpid())-\(UUID().uuidString.prefix(8))")
            try? FileManager.default.removeItem(at: scratch)
            defer { try? FileManager.default.removeItem(at: scratch) }
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            let main = scratch.appendingPathComponent("WorkbookRunnerMain.swift")
            try AtomicFile.write(GradingBuild.entryPoint, to: main)
            var arguments = SwiftToolchain.languageFlags + ["-parse-as-library", "-module-name", GradingBuild.runnerModuleName, "-c"]
            arguments += ["-I", module.folder.path]
            for built in dependencies { arguments += built.compilerFlags }
            arguments += testFiles.map(\.path) + [main.path]
            let result = try grader.toolchain.compile(arguments, workingDirectory: scratch.path)
            guard result.termination.isSuccess else {
                let text = result.standardError + result.standardOutput
                if GradingBuild.lastingFailure(result.termination, text) { try? AtomicFile.write(text, to: failureFile) }
                return .failure(CompilerDiagnostics(text))
            }
            try? FileManager.default.removeItem(at: main)
            // The first one compiled wins: another grader may be linking from it.
            if FileManager.default.fileExists(atPath: objects.path) { return .success(tests) }
            do {
                try FileManager.default.moveItem(at: scratch, to: objects)
            } catch where FileManager.default.fileExists(atPath: objects.path) {
                return .success(tests)
            }
            return .success(tests)
        } catch {
            return .failure(CompilerDiagnostics(FileFailure.from(error)?.description ?? "\(error)"))
        }
    }

    /// A linked test runner, and what its environment needs to find its libraries.
    struct Runner {
        var executable: URL
        var environment: [String: String] = [:]
    }

    /// The test runner for `module`. With the compiler's jobs at hand, the module becomes
    /// a small shared library, linked anew per edit (a hundredth of a second), and the
    /// runner executable — the tests, the support libraries — is linked once per module
    /// interface. Otherwise, or if that fails, one static executable as the driver links it.
    func link(module: IncrementalModuleBuilder.Built, dependencies: [ModuleBuilder.BuiltModule], tests: TestObjects) -> Compiled<Runner> {
        do {
            let testObjects = try FileManager.default.contentsOfDirectory(atPath: tests.folder.path)
                .filter { $0.hasSuffix(".o") }.sorted().map { tests.folder.appendingPathComponent($0) }
            if let commands, let runner = try? linkShared(module: module, dependencies: dependencies, tests: tests,
                                                         testObjects: testObjects, commands: commands) {
                return .success(runner)
            }
            return try linkStatic(module: module, dependencies: dependencies, tests: tests, testObjects: testObjects)
                .map { Runner(executable: $0) }
        } catch {
            return .failure(CompilerDiagnostics(FileFailure.from(error)?.description ?? "\(error)"))
        }
    }

    /// `lib<Module>.so` per module build, and a runner per interface that loads it.
    private func linkShared(
        module: IncrementalModuleBuilder.Built, dependencies: [ModuleBuilder.BuiltModule], tests: TestObjects,
        testObjects: [URL], commands: DirectCommands
    ) throws -> Runner? {
        let archives = dependencies.reversed().map(\.archive)
        let libraryName = "lib\(moduleName).so"
        let library = try produce(in: CacheFolder.sharedModules.url(in: grader.cache), named: "\(moduleName)-\(module.key)",
                                  file: libraryName) { scratch, output in
            // What the runner loads; the module's library asks only for what is missing.
            guard let provided = AutolinkEntries.read(testObjects + archives).map(Set.init) else { return false }
            return try commands.link(module.objects, into: output, in: scratch, shared: true,
                                     linkerFlags: ["-soname", libraryName], provided: provided) == nil
        }
        guard let library else { return nil }
        var runnerHash = ContentHash()
        runnerHash.combine("shared-module-runner-v1")
        runnerHash.combine(tests.key)
        for dependency in dependencies { runnerHash.combine(dependency.key) }
        let runner = try produce(in: CacheFolder.runners.url(in: grader.cache), named: "\(moduleName)-\(runnerHash.hex)",
                                 file: "runner") { scratch, output in
            // Every member of the support libraries, exported: the module's library
            // may use what the tests never do.
            try commands.link(testObjects + [library], into: output, in: scratch,
                              linkerFlags: ["--whole-archive"] + archives.map(\.path) + ["--no-whole-archive", "--export-dynamic"]) == nil
        }
        guard let runner else { return nil }
        let inherited = ProcessInfo.processInfo.environment["LD_LIBRARY_PATH"].map { ":" + $0 } ?? ""
        return Runner(executable: runner, environment: ["LD_LIBRARY_PATH": library.deletingLastPathComponent().path + inherited])
    }

    /// Finds `<folder>/<name>/<file>`, or makes it with `make(scratch, output)` in a
    /// scratch folder renamed into place (so a half-made file is never found). Nil when
    /// `make` says it failed.
    private func produce(in folder: URL, named name: String, file: String, make: (URL, URL) throws -> Bool) throws -> URL? {
        let target = folder.appendingPathComponent(name)
        let product = target.appendingPathComponent(file)
        if FileManager.default.fileExists(atPath: product.path) {
            CachePruner.markUsed(target)
            return product
        }
        StaleScratch.sweep(folder)
        // Unique per build, not per process: two graders of one process (a class's lanes)
        // may make the same product at once.
        let scratch = folder.appendingPathComponent(".tmp-\(name)-\(getpid())-\(UUID().uuidString.prefix(8))")
        try? FileManager.default.removeItem(at: scratch)
        defer { try? FileManager.default.removeItem(at: scratch) }
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        guard try make(scratch, scratch.appendingPathComponent(file)) else { return nil }
        // The first one made wins: another grader may already be running it.
        if FileManager.default.fileExists(atPath: product.path) { return product }
        try? FileManager.default.removeItem(at: target)
        do {
            try FileManager.default.moveItem(at: scratch, to: target)
        } catch where FileManager.default.fileExists(atPath: product.path) {
            return product
        }
        return product
    }

    /// One executable from the tests', the module's and the support libraries' objects,
    /// cached by what went in.
    private func linkStatic(
        module: IncrementalModuleBuilder.Built, dependencies: [ModuleBuilder.BuiltModule], tests: TestObjects, testObjects: [URL]
    ) throws -> Compiled<URL> {
        var runnerHash = ContentHash()
        runnerHash.combine(tests.key)
        runnerHash.combine(module.key)
        // Objects first, then the static libraries, dependents before what they use.
        let inputs = testObjects + module.objects + dependencies.reversed().map(\.archive)
        var failure: String?
        let runner = try produce(in: CacheFolder.runners.url(in: grader.cache), named: "\(moduleName)-\(runnerHash.hex)",
                                 file: "runner") { scratch, output in
            let result = try grader.toolchain.compile(SwiftToolchain.languageFlags + inputs.map(\.path) + ["-o", output.path],
                                                      workingDirectory: scratch.path)
            failure = result.standardError + result.standardOutput
            return result.termination.isSuccess
        }
        guard let runner else { return .failure(CompilerDiagnostics(failure ?? "the tests could not be linked")) }
        return .success(runner)
    }

    /// Absolute paths in compiler output → paths relative to the workbook root (to the
    /// learner's workspace with `pathsFromWorkspace`, as `Grader.displayPath` names them).
    func shorten(_ text: String) -> String {
        var result = text
        if grader.options.pathsFromWorkspace {
            for folder in [CacheFolder.starters.url(in: grader.cache), workbook.exercisesFolder] {
                result = result.replacingOccurrences(of: folder.standardizedFileURL.path + "/", with: "")
            }
        }
        let root = workbook.root.path.hasSuffix("/") ? workbook.root.path : workbook.root.path + "/"
        result = result.replacingOccurrences(of: root, with: "")
        // Starters compiled from the cache are shown under the learner's folder name.
        // Both with their slash: `exercises//01-x/…` named a path that does not exist.
        let starters = workbook.displayPath(CacheFolder.starters.url(in: grader.cache)) + "/"
        result = result.replacingOccurrences(of: starters, with: workbook.displayPath(workbook.exercisesFolder) + "/")
        return result
    }
}
