import Dispatch
import Foundation
import Synchronization
import WorkbookModel
import WorkbookSystem
import WorkbookToolchain

/// Compiles, runs and judges a chapter's snippets — `workbook run`, and the source of the
/// actual output the handouts print.
///
/// Like Rust 2024 doctests, every snippet of a chapter that is not `standalone` is compiled
/// into one merged program, each in its own namespace; each snippet then runs in a process of
/// its own (time limit, output cap), forked from one start of that program (`ForkedRuns`),
/// so one crash hides nothing.
/// When the merged build fails, the snippets its errors point at are set aside and the rest
/// is built again; if that fails too, or an error points nowhere, each snippet is compiled on
/// its own so that every error is attributed. Executions are cached by content, so an
/// unchanged chapter is not compiled or run again.
public struct SnippetRunner: SnippetResultProvider {
    public struct Options: Sendable {
        /// Seconds each snippet may run.
        public var timeout: Double
        /// Bytes of standard output (and of standard error) kept from each run.
        public var outputLimit: Int
        /// Reuse cached executions and programs; false compiles and runs everything again.
        public var useCache: Bool
        /// Merge snippets into one program; false compiles each on its own.
        public var merge: Bool

        /// Compile and run on every processor at once; false does one thing at a time.
        public var parallel: Bool
        /// Build every program with `swiftc`, as a plain runner would (the benchmark's
        /// baseline); false starts the compiler's jobs directly (`DirectProgramBuild`).
        public var useDriver: Bool

        public init(
            timeout: Double = 10, outputLimit: Int = 1 << 20, useCache: Bool = true, merge: Bool = true, parallel: Bool = true,
            useDriver: Bool = false
        ) {
            self.timeout = timeout
            self.outputLimit = outputLimit
            self.useCache = useCache
            self.merge = merge
            self.parallel = parallel
            self.useDriver = useDriver
        }
    }

    /// One chapter's results, and how they were obtained.
    public struct ChapterRun: Sendable {
        public var chapter: Chapter
        /// One result per snippet, in chapter order.
        public var results: [SnippetResult]
        /// How many results came from the cache.
        public var cached: Int
        /// How many programs were compiled.
        public var builds: Int
        /// Whether the merged build failed and snippets were compiled one by one.
        public var fellBack: Bool
        public var seconds: Double
        /// Of which building programs and running snippets (busy seconds: work done on
        /// several processors at once is summed).
        public var buildingSeconds: Double = 0
        public var runningSeconds: Double = 0

        public var failures: [SnippetResult] { results.filter { $0.status != .passed } }
    }

    public let root: URL
    public let toolchain: SwiftToolchain
    public let options: Options
    private(set) var modules: ImportableModules
    let cache: SnippetCache
    let buildsFolder: URL
    let clock = SnippetPhaseClock()
    /// `.workbook/cache`: where the driver-free commands are kept, among the rest.
    let cacheFolder: URL

    /// The workbook's cache: `.workbook/cache`.
    package static func defaultCacheFolder(root: URL) -> URL {
        Workbook.cacheFolder(root: root)
    }

    /// The toolchain in `host`, with its version remembered in the cache (a re-run then
    /// starts no compiler).
    public static func toolchain(root: URL, host: HostEnvironment) throws -> SwiftToolchain {
        try SwiftToolchain.locate(host: host, cacheFolder: defaultCacheFolder(root: root))
    }

    /// `cacheFolder` defaults to the workbook's `.workbook/cache`.
    public init(root: URL, toolchain: SwiftToolchain, cacheFolder: URL? = nil, options: Options = Options()) {
        let cacheFolder = cacheFolder ?? Self.defaultCacheFolder(root: root)
        self.root = root
        self.toolchain = toolchain
        self.options = options
        self.modules = ImportableModules(root: root, builder: ModuleBuilder(toolchain: toolchain, cacheFolder: cacheFolder))
        self.cache = SnippetCache(cacheFolder: cacheFolder)
        self.buildsFolder = CacheFolder.snippetBuilds.url(in: cacheFolder)
        self.cacheFolder = cacheFolder
    }

    /// This runner with chapter modules built from `sources` (the learner's files) instead
    /// of `Sources/<Module>`: a student release's module files are starters, and one that
    /// does not compile on purpose would stop every snippet importing its module.
    public func overridingModules(_ sources: [String: [URL]]) -> SnippetRunner {
        var runner = self
        runner.modules = modules.overriding(sources)
        return runner
    }

    public func results(for chapter: Chapter) throws -> [SnippetResult] {
        try run(chapter).results
    }

    /// Every chapter's results, the modules they import built (or their cache keys
    /// worked out) once for all of them rather than once per chapter.
    public func results(for chapters: [Chapter]) -> [Result<[SnippetResult], any Error>] {
        let shared = modules(for: chapters)
        // The chapters the cache answers whole, a chapter per thread (one after another,
        // this was the longest wait of a cached render, measured); the others are then
        // run one after another, as `run all` runs them, so that a timing-sensitive
        // snippet never shares the processors with another chapter's builds.
        let answered = ParallelWork.map(chapters) { [self] chapter in
            Result { try run(chapter, sharing: shared, cachedOnly: true)?.results }
        }
        return zip(chapters, answered).map { chapter, answer in
            switch answer {
            case .success(let results?): return .success(results)
            case .success(nil): return Result { try run(chapter, sharing: shared).results }
            case .failure(let error): return .failure(error)
            }
        }
    }

    /// `chapter`'s results when the cache holds every one of them: nothing is built or
    /// run (nil otherwise, and with `useCache` off).
    public func cachedResults(for chapter: Chapter) -> [SnippetResult]? {
        guard options.useCache else { return nil }
        return (try? run(chapter, sharing: nil, cachedOnly: true))??.results
    }

    /// The workbook modules that `chapters`' snippets import, built or found in the cache:
    /// pass it to `run(_:sharing:)` so that each module's sources are read and hashed
    /// once per command, not once per chapter.
    public func modules(for chapters: [Chapter]) -> ImportableModules.Resolution {
        let names = chapters.flatMap(\.snippets).flatMap { modules.known(SnippetProgram.importedModules(of: $0)) }
        return modules.build(Array(Set(names)).sorted())
    }

    /// Runs every snippet of `chapter` that the cache cannot answer for, and judges all of them.
    /// `shared`: modules from `modules(for:)`, reused instead of being looked at again.
    public func run(_ chapter: Chapter, sharing shared: ImportableModules.Resolution? = nil) throws -> ChapterRun {
        guard let run = try run(chapter, sharing: shared, cachedOnly: false) else { preconditionFailure("a full run always ends with a result") }
        return run
    }

    /// `cachedOnly`: nil unless the cache answers for every snippet (nothing is built or run).
    private func run(_ chapter: Chapter, sharing shared: ImportableModules.Resolution?, cachedOnly: Bool) throws -> ChapterRun? {
        let start = Date()
        let phasesBefore = clock.now
        let snippets = chapter.snippets
        let lines = snippets.map(\.compiledLines)
        // Each snippet's imports found in its source at once, not line by line (3M instructions a render).
        let imports = snippets.map { modules.known(SnippetProgram.importedModules(of: $0)) }
        let resolution = modules.build(Array(Set(imports.joined())).sorted(), reusing: shared)

        var executions = [SnippetExecution?](repeating: nil, count: snippets.count)
        var keys: [String] = []
        var cached = 0
        for (index, snippet) in snippets.enumerated() {
            let key = SnippetCache.key(
                for: snippet, chapterPath: chapter.path, toolchain: toolchain, moduleKeys: resolution.keys(of: imports[index]),
                compiledLines: lines[index])
            keys.append(key)
            if let broken = imports[index].first(where: { resolution.failures[$0] != nil }) {
                executions[index] = .compileError(brokenImport(broken, in: snippet, chapterPath: chapter.path, resolution))
            } else if options.useCache, let execution = cache.execution(forKey: key) {
                executions[index] = execution
                cached += 1
            }
        }

        let pending = snippets.indices.filter { executions[$0] == nil }
        if cachedOnly, !pending.isEmpty { return nil }
        let merged = pending.filter { !snippets[$0].has(.standalone) }
        let alone = pending.filter { snippets[$0].has(.standalone) }
        var builds = 0
        var fellBack = false
        if options.merge {
            let outcome = try runMerged(merged.map { snippets[$0] }, chapterPath: chapter.path, resolution)
            for (offset, index) in merged.enumerated() { executions[index] = outcome.executions[offset] }
            builds += outcome.builds
            fellBack = outcome.fellBack
        } else {
            let each = try runOneByOne(merged.map { snippets[$0] }, chapterPath: chapter.path, resolution)
            for (offset, index) in merged.enumerated() { executions[index] = each[offset] }
            builds += merged.count
        }
        let standalone = try parallelMap(options.parallel, alone) { index in
            try buildAndRun(SnippetProgram.standalone(snippets[index], chapterPath: chapter.path), arguments: [], resolution)
        }
        for (offset, index) in alone.enumerated() { executions[index] = standalone[offset] }
        builds += alone.count

        for index in pending { if let execution = executions[index] { cache.store(execution, forKey: keys[index]) } }
        let results = snippets.indices.map { index in
            (executions[index] ?? .compileError("the snippet was not built")).verdict(for: snippets[index], chapterPath: chapter.path)
        }
        let phases = clock.now
        return ChapterRun(
            chapter: chapter, results: results, cached: cached, builds: builds, fellBack: fellBack,
            seconds: Date().timeIntervalSince(start), buildingSeconds: phases.building - phasesBefore.building,
            runningSeconds: phases.running - phasesBefore.running)
    }

    /// The workbook modules a file imports.
    public func importedModules(of text: String) -> [String] {
        modules.known(SnippetProgram.importedModules(text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)))
    }

    /// Compiles and runs a learner's own file with the workbook's modules importable.
    /// `displayPath` is how diagnostics name the file (as the learner typed it).
    /// `moduleSources`: chapter modules built from these files instead (the learner's).
    public func runScript(_ text: String, displayPath: String, moduleSources: [String: [URL]] = [:]) throws -> SnippetExecution {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let modules = moduleSources.isEmpty ? self.modules : self.modules.overriding(moduleSources)
        let imports = modules.known(SnippetProgram.importedModules(lines))
        let resolution = modules.build(imports)
        if let broken = imports.first(where: { resolution.failures[$0] != nil }) {
            let line = (lines.firstIndex { SnippetProgram.importedModule($0) == broken } ?? 0) + 1
            return .compileError("\(displayPath):\(line):1: error: \(resolution.failures[broken] ?? broken)")
        }
        return try buildAndRun(SnippetProgram.script(text, displayPath: displayPath), arguments: [], resolution)
    }

    // MARK: Building and running

    private struct MergedOutcome {
        var executions: [SnippetExecution]
        var builds: Int
        var fellBack: Bool
    }

    private func runMerged(_ snippets: [Snippet], chapterPath: String, _ resolution: ImportableModules.Resolution) throws -> MergedOutcome {
        // Nothing to build: a cached run never looks for the launcher.
        guard !snippets.isEmpty else { return MergedOutcome(executions: [], builds: 0, fellBack: false) }
        var executions = [SnippetExecution?](repeating: nil, count: snippets.count)
        var remaining = Array(snippets.indices)
        var builds = 0
        // The launcher is built once into the cache; should that fail, each snippet starts the program itself.
        let launcher = try? ForkedRuns.module(modules.builder)
        var withLauncher = resolution
        if let launcher { withLauncher.modules.append(launcher) }
        while !remaining.isEmpty {
            let group = remaining.map { snippets[$0] }
            builds += 1
            switch try compile(SnippetProgram.merged(group, chapterPath: chapterPath, launcher: launcher != nil), withLauncher) {
            case .success(let program):
                let runs = try runAll(group, of: program, hasLauncher: launcher != nil)
                for (offset, index) in remaining.enumerated() { executions[index] = runs[offset] }
                remaining = []
            case .failure(let diagnostics):
                let blame = SnippetErrorAttribution.attribute(diagnostics, to: group, chapterPath: chapterPath)
                // Set aside the snippets the errors point at, once; build the rest again.
                if builds == 1, !blame.unattributed, !blame.bySnippet.isEmpty {
                    for (offset, text) in blame.bySnippet { executions[remaining[offset]] = .compileError(text) }
                    remaining = remaining.enumerated().filter { blame.bySnippet[$0.offset] == nil }.map(\.element)
                    continue
                }
                let each = try runOneByOne(group, chapterPath: chapterPath, resolution)
                for (offset, index) in remaining.enumerated() { executions[index] = each[offset] }
                return MergedOutcome(
                    executions: executions.map { $0 ?? .compileError("the snippet was not built") },
                    builds: builds + group.count, fellBack: true)
            }
        }
        return MergedOutcome(executions: executions.map { $0 ?? .compileError("the snippet was not built") }, builds: builds, fellBack: false)
    }

    /// Runs each of `snippets` in a process of its own, forked from one start of the
    /// merged `program` (`ForkedRuns`); any the launcher cannot account for, the ordinary
    /// way. One more run than processors: a run spends part of its short life waiting.
    private func runAll(_ snippets: [Snippet], of program: URL, hasLauncher: Bool) throws -> [SnippetExecution] {
        let width = options.parallel ? BlockingLanes.processors + 1 : 1
        let lines = snippets.map(SnippetProgram.argument)
        let forked = hasLauncher ? try clock.time(\.running) {
            try ForkedRuns.run(
                program, lines: lines, width: width, timeout: options.timeout, outputLimit: options.outputLimit,
                environment: runEnvironment, sandbox: sandboxPolicy(program: program))
        } : [:]
        let missing = lines.filter { forked[$0] == nil }
        let ordinary = try parallelMap(options.parallel, missing) { line in try execute(program, arguments: [line]) }
        let runs = forked.merging(zip(missing, ordinary)) { forked, _ in forked }
        return lines.map { runs[$0] ?? .compileError("the snippet was not run") }
    }

    /// Each snippet in a program of its own: slower, but every error is its snippet's.
    private func runOneByOne(_ snippets: [Snippet], chapterPath: String, _ resolution: ImportableModules.Resolution) throws -> [SnippetExecution] {
        try parallelMap(options.parallel, snippets) { snippet in
            try buildAndRun(
                SnippetProgram.merged([snippet], chapterPath: chapterPath), arguments: [SnippetProgram.argument(for: snippet)], resolution)
        }
    }

    private func buildAndRun(
        _ program: SnippetProgram.Program, arguments: [String], _ resolution: ImportableModules.Resolution
    ) throws -> SnippetExecution {
        switch try compile(program, resolution) {
        case .success(let binary): return try execute(binary, arguments: arguments)
        case .failure(let diagnostics): return .compileError(diagnostics)
        }
    }

    /// The files a program's diagnostics may name: its own, and the chapters (or the
    /// learner's file) its `#sourceLocation` lines point at.
    static func diagnosticPaths(_ files: [SnippetProgram.File]) -> [String] {
        let prefix = "#sourceLocation(file: "
        var paths = Set(files.map(\.name))
        for file in files {
            for line in file.contents.split(separator: "\n") where line.hasPrefix(prefix) {
                let quoted = line.dropFirst(prefix.count).prefix { $0 != "," }
                if quoted.count >= 2 { paths.insert(String(quoted.dropFirst().dropLast())) }
            }
        }
        return paths.sorted()
    }

    private enum Compiled {
        case success(URL)
        case failure(String)
    }

    private func compile(_ program: SnippetProgram.Program, _ resolution: ImportableModules.Resolution) throws -> Compiled {
        try clock.time(\.building) { try build(program, resolution) }
    }

    /// `-warnings-as-errors` for a chapter's snippets, `-suppress-warnings` for a learner's file.
    private func warningsFlag(_ program: SnippetProgram.Program) -> String {
        program.warningsAreErrors ? "-warnings-as-errors" : "-suppress-warnings"
    }

    /// Compiles `program` into `<cache>/snippet-builds/<key>/program`, or reuses that build.
    private func build(_ program: SnippetProgram.Program, _ resolution: ImportableModules.Resolution) throws -> Compiled {
        let files = program.files
        let flags = SwiftToolchain.languageFlags
            // -wmo: one compiler process for every file, instead of one per file, each
            // loading Foundation again (15 snippets: 1.6 s instead of 4.7 s, measured).
            + ["-wmo", "-diagnostic-style", "llvm", warningsFlag(program), "-module-name", "Snippets"]
            + (program.parseAsLibrary ? ["-parse-as-library"] : []) + resolution.flags
        let key = ContentHash.of([toolchain.version] + flags + files.flatMap { [$0.name, $0.contents] })
        let folder = buildsFolder.appendingPathComponent(key, isDirectory: true)
        // Built in a scratch folder renamed into place (CacheEntry), so a half-built
        // program is never reused; without the cache it is built anew and replaces it.
        var failure: String?
        let built = try CacheEntry(folder, product: "program").produce(replacing: !options.useCache) { scratch in
            for file in files {
                try Data(file.contents.utf8).write(to: scratch.appendingPathComponent(file.name))
            }
            // Learnt (or read from the cache) only now: a run that compiles nothing, as
            // `render` with every result cached, never starts the driver to learn them.
            let commands = options.useDriver ? nil
                : DirectCommands.cached(toolchain: toolchain, flags: SwiftToolchain.languageFlags, cacheFolder: cacheFolder)
            let direct = commands.map { commands in {
                try DirectProgramBuild(commands: commands).build(
                    files: files.map(\.name), moduleName: "Snippets", includes: resolution.modules.map(\.folder),
                    archives: resolution.modules.reversed().map(\.archive), extraFlags: ["-diagnostic-style", "llvm", warningsFlag(program)],
                    parseAsLibrary: program.parseAsLibrary, in: scratch, output: scratch.appendingPathComponent("program")).attempt.map { true }
            } }
            do {
                return try BackendAttempt(sources: Self.diagnosticPaths(files)).build(direct: direct) {
                    // The driver links (or fails to) and says why in its own words.
                    let arguments = flags + files.map(\.name) + ["-o", "program"]
                    let result = try toolchain.compile(arguments, workingDirectory: scratch.path)
                    guard result.termination.isSuccess else {
                        failure = (result.standardError + result.standardOutput).trimmingWhitespace
                        return false
                    }
                    return true
                }
            } catch let standing as ModuleBuilder.BuildFailure {
                // An error located in the snippets: the direct compile's diagnostics are the verdict.
                failure = standing.diagnostics.trimmingWhitespace
                return false
            }
        }
        guard let built else { return .failure(failure ?? "the program was not built") }
        return .success(built)
    }

    /// A snippet's environment: the command's, except that a crash does not spend seconds
    /// printing a backtrace.
    private var runEnvironment: [String: String] {
        var environment = toolchain.host.variables
        environment["SWIFT_BACKTRACE"] = "enable=no"
        return environment
    }

    /// A snippet (or a playground file) is code too: it sees the system read-only, not
    /// the workbook, and writes only its private `/tmp` and `writable`.
    func sandboxPolicy(program: URL, writable: [String] = []) -> SandboxPolicy {
        SandboxPolicy(host: toolchain.host, hidden: [root.path], readOnly: [program.deletingLastPathComponent().path], writable: writable)
    }

    private func execute(_ program: URL, arguments: [String]) throws -> SnippetExecution {
        let result = try clock.time(\.running) {
            var childOptions = ChildProcess.Options(
                arguments: arguments, environment: runEnvironment, workingDirectory: program.deletingLastPathComponent().path,
                timeout: options.timeout, outputLimit: options.outputLimit)
            childOptions.sandbox = sandboxPolicy(program: program)
            return try ChildProcess.run(program.path, childOptions)
        }
        return SnippetExecution(result)
    }

    private func brokenImport(_ module: String, in snippet: Snippet, chapterPath: String, _ resolution: ImportableModules.Resolution) -> String {
        let offset = snippet.compiledLines.firstIndex { SnippetProgram.importedModule($0) == module } ?? 0
        return "\(chapterPath):\(snippet.firstCodeLine + offset):1: error: \(resolution.failures[module] ?? module)"
    }
}

/// `items.map(transform)`, with as many items at a time as there are processors when `parallel`.
func parallelMap<T: Sendable, R: Sendable>(_ parallel: Bool, _ items: [T], _ transform: @escaping @Sendable (T) throws -> R) throws -> [R] {
    // Counting processors reads files under /sys: not for nothing to do, as in a cached run.
    guard items.count > 1 else { return try items.map(transform) }
    return try BlockingLanes.map(items, width: parallel ? BlockingLanes.processors : 1, transform)
}
