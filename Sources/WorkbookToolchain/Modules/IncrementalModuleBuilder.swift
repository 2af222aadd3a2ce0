import Foundation
import WorkbookSystem

/// Builds a module that a learner edits again and again: one object and one partial
/// module per source file, and the module's interface, kept in a folder of their own
/// between runs.
///
/// After an edit, only the changed files are compiled (straight with the frontend, with
/// the other files as context). If a changed file's partial module — its declarations,
/// not its function bodies — comes out byte-identical, nothing the other files were
/// compiled against has changed: their objects and the module's interface stand.
/// Otherwise, or when that compile fails, the whole module is compiled again, and its
/// diagnostics are the ones a learner reads.
///
/// Every build compiles into a scratch folder inside the module's folder and moves its
/// outputs in only once it compiled; the state is removed just before they move and
/// recorded after, so an interrupted build is never taken for a finished one, and a
/// failed one leaves the last good build standing. A lock file serialises builds of the
/// same folder (a `watch` and a `check` side by side).
package struct IncrementalModuleBuilder: Sendable {
    /// A module ready to import (`-I folder`) and link (`objects`). Its folder stays
    /// locked while this value lives (or until `lock.release()`), so no other build
    /// replaces the objects before they are linked.
    public struct Built: Sendable {
        /// A source file as it was compiled.
        public struct Source: Sendable, Equatable {
            public var path: String
            /// Its content's hash.
            public var hash: String
        }

        public enum Route: String, Sendable, Equatable, Codable {
            /// Nothing changed since the last build.
            case unchanged
            /// Only changed files were compiled; their interfaces stood.
            case changedFiles
            /// The whole module was compiled.
            case wholeModule
        }

        public var name: String
        /// Holds `<name>.swiftmodule`.
        public var folder: URL
        /// One per source file, in source order.
        package var objects: [URL]
        /// Changes whenever a source's content or path changes.
        public var key: String
        /// Each source's path and content hash, in source order: what its object was built from.
        public var sources: [Source]
        public var route: Route
        /// The files compiled by this build, by name.
        public var compiled: [String]
        /// Each source's compiler warnings (with their notes), in source order: kept from
        /// the compile that built its object, so an unchanged file still shows them.
        public var warnings: [String] = []
        public let lock: FolderLock

        /// The position of `file` among the sources (and so its object's and warnings'), if it is one.
        public func index(of file: URL) -> Int? {
            let path = file.standardizedFileURL.path
            return sources.firstIndex { URL(fileURLWithPath: $0.path).standardizedFileURL.path == path }
        }
    }

    public let toolchain: SwiftToolchain
    /// Where module folders live: `<buildFolder>/<name>-<hash>/`.
    public let buildFolder: URL
    /// The driver-free commands; without them every build is a whole-module build
    /// through the driver.
    public let commands: DirectCommands?

    /// The driver path's language flags; grading's carry line tables (as its direct
    /// commands do), so a crash's frames give the learner's line on either back end.
    package var driverFlags = SwiftToolchain.languageFlags

    /// When the changed files do not compile: true compiles the whole module for every
    /// file's diagnostics (what a learner reads: the files that lean on a changed
    /// declaration are checked too); false lets the changed files' own diagnostics stand.
    /// `workbook mutate` needs only whether a mutant compiles and where it first fails:
    /// a whole build per mutant that did not compile was 24 of its 42 whole builds
    /// (125 mutants, 2026-12-03).
    package var diagnoseWholeModule = true

    /// Seconds each compile may take before it is stopped (a type-checker bomb took 333 s).
    package var compileTimeout: Double = 300

    public init(toolchain: SwiftToolchain, buildFolder: URL, commands: DirectCommands?) {
        self.toolchain = toolchain
        self.buildFolder = buildFolder
        self.commands = commands
    }

    /// More changed files than this, and one whole build is quicker than compiling each.
    static let mostChangedFiles = 3

    /// What the folder records about the last successful build.
    private struct State: Codable, Equatable {
        struct File: Codable, Equatable {
            var path: String
            var hash: String
        }
        var files: [File]
    }

    public func build(name: String, sources: [URL], dependencies: [ModuleBuilder.BuiltModule]) throws -> Built {
        let names = Self.outputNames(sources)
        var folderHash = ContentHash()
        folderHash.combine("incremental-v3")
        folderHash.combine(toolchain.version)
        folderHash.combine(name)
        for flag in commands == nil ? driverFlags : SwiftToolchain.languageFlags { folderHash.combine(flag) }
        // The commands' own flags (grading's carry line tables): objects built one way are not reused the other.
        for word in commands.map({ $0.compile + $0.emitModule }) ?? [] { folderHash.combine(word) }
        for dependency in dependencies { folderHash.combine(dependency.key) }
        for outputName in names { folderHash.combine(outputName) }
        let folder = buildFolder.appendingPathComponent("\(name)-\(folderHash.hex)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let lock = try FolderLock(folder.appendingPathComponent("lock"))
        // The scratch folders a killed build left (`Layout.scratch`).
        StaleScratch.sweep(folder)

        let current = State(files: sources.map { source in
            var hash = ContentHash()
            hash.combine(FileManager.default.contents(atPath: source.path) ?? Data())
            return State.File(path: source.path, hash: hash.hex)
        })
        var key = ContentHash()
        key.combine(folderHash.hex)
        for file in current.files { key.combine(file.path); key.combine(file.hash) }
        let layout = Layout(folder: folder, moduleName: name, names: names)
        func built(_ route: Built.Route, _ compiled: [Int]) -> Built {
            Built(name: name, folder: folder, objects: names.indices.map(layout.object), key: key.hex,
                  sources: current.files.map { Built.Source(path: $0.path, hash: $0.hash) }, route: route,
                  compiled: compiled.map { sources[$0].lastPathComponent },
                  warnings: names.indices.map { layout.readWarnings($0) }, lock: lock)
        }

        let stateFile = folder.appendingPathComponent("state.json")
        let previous = FileManager.default.contents(atPath: stateFile.path).flatMap { try? JSONDecoder().decode(State.self, from: $0) }
        if let previous, previous.files.count == current.files.count,
           names.indices.allSatisfy({ FileManager.default.fileExists(atPath: layout.object($0).path) }) {
            if previous == current { return built(.unchanged, []) }
            let changed = current.files.indices.filter { previous.files[$0] != current.files[$0] }
            if let commands, changed.count <= Self.mostChangedFiles {
                switch compileChanged(changed, sources: sources, dependencies: dependencies, layout: layout, with: commands) {
                case .built:
                    try AtomicFile.write(try JSONEncoder().encode(current), to: stateFile)
                    return built(.changedFiles, changed)
                case .doesNotCompile(let result) where !diagnoseWholeModule:
                    throw ModuleBuilder.BuildFailure(module: name, diagnostics: result.standardError + result.standardOutput, results: [result])
                case .timedOut(let result):
                    throw ModuleBuilder.BuildFailure(module: name, diagnostics: result.standardError + result.standardOutput, results: [result])
                case .doesNotCompile, .needsWholeBuild:
                    break
                }
            }
        }

        // Into a scratch folder, moved in only when it compiled: a build that fails leaves
        // the last good one and its state standing, so the edit after a compile error
        // compiles only what changed again. (In `workbook mutate`, each mutant that did not
        // compile had cost two whole-module builds, the failing one and the next mutant's:
        // 59 whole builds for 125 mutants, 46 s of CPU.)
        let fresh = try layout.scratch("whole")
        defer { fresh.removeScratch() }
        try BackendAttempt(sources: sources.map(\.path)).build(
            direct: commands.map { commands in {
                do {
                    try compileWholeModule(sources: sources, dependencies: dependencies, layout: fresh, in: folder, with: commands)
                } catch let failure as ModuleBuilder.BuildFailure {
                    return .doesNotCompile(failure)
                }
                return .built(())
            } },
            driver: { try compileWholeModuleWithDriver(sources: sources, dependencies: dependencies, layout: fresh, in: folder) })
        // The state goes before the first output moves, so a build stopped halfway is never
        // taken for a finished one.
        try? FileManager.default.removeItem(at: stateFile)
        try layout.adopt(fresh)
        try AtomicFile.write(try JSONEncoder().encode(current), to: stateFile)
        return built(.wholeModule, Array(sources.indices))
    }

    /// Where a build folder keeps each output.
    struct Layout {
        let folder: URL
        let moduleName: String
        let names: [String]

        var interface: URL { folder.appendingPathComponent("\(moduleName).swiftmodule") }
        func object(_ index: Int) -> URL { folder.appendingPathComponent("\(names[index]).o") }
        func partialModule(_ index: Int) -> URL { folder.appendingPathComponent("\(names[index]).partial.swiftmodule") }
        func warnings(_ index: Int) -> URL { folder.appendingPathComponent("\(names[index]).warnings.txt") }

        /// Keeps the warnings a compile job printed about each of its primary files.
        func recordWarnings(_ output: String, for primaries: [Int], sources: [URL]) {
            let diagnostics = CompilerDiagnostics(output)
            for index in primaries {
                let path = sources[index].standardizedFileURL.path
                var text = diagnostics.entries.filter { entry in
                    entry.severity != "error" && URL(fileURLWithPath: entry.path).standardizedFileURL.path == path
                }.map(\.text).joined(separator: "\n")
                if !text.isEmpty { text += "\n" }
                try? AtomicFile.write(text, to: warnings(index))
            }
        }

        func readWarnings(_ index: Int) -> String {
            FileManager.default.contents(atPath: warnings(index).path).map { String(decoding: $0, as: UTF8.self) } ?? ""
        }
        func outputs(_ index: Int) -> DirectCommands.PrimaryOutputs {
            DirectCommands.PrimaryOutputs(object: object(index), partialModule: partialModule(index))
        }
        /// The same layout in a scratch folder of this process inside this one, made empty
        /// (named as `StaleScratch` finds it after a kill).
        func scratch(_ purpose: String) throws -> Layout {
            let other = folder.appendingPathComponent(".tmp-\(purpose)-\(getpid())", isDirectory: true)
            try? FileManager.default.removeItem(at: other)
            try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
            return Layout(folder: other, moduleName: moduleName, names: names)
        }

        func removeScratch() { try? FileManager.default.removeItem(at: folder) }

        /// Moves every file `fresh` (a scratch layout of this one) holds into this folder,
        /// each replacing its namesake (`rename(2)`: one step per file).
        func adopt(_ fresh: Layout) throws {
            for name in try FileManager.default.contentsOfDirectory(atPath: fresh.folder.path) {
                let from = fresh.folder.appendingPathComponent(name), to = folder.appendingPathComponent(name)
                guard rename(from.path, to.path) == 0 else { throw FileFailure(path: to.path, code: errno) }
            }
        }
    }

    private enum ChangedFiles {
        /// Their new objects replace the old.
        case built
        /// The compiler said so (it ran to its end with errors).
        case doesNotCompile(ChildProcess.Result)
        case timedOut(ChildProcess.Result)
        /// A partial module changed, or the job could not be run or its outputs moved:
        /// only a whole build can tell.
        case needsWholeBuild
    }

    /// Compiles the `changed` files in one job. Built when it worked and every partial
    /// module stood; anything else leaves the folder as it was.
    private func compileChanged(
        _ changed: [Int], sources: [URL], dependencies: [ModuleBuilder.BuiltModule], layout: Layout, with commands: DirectCommands
    ) -> ChangedFiles {
        guard let fresh = try? layout.scratch("changed") else { return .needsWholeBuild }
        defer { fresh.removeScratch() }
        let scratch = fresh.folder
        guard let command = try? commands.compile(
                  changed.map { (sources[$0], fresh.outputs($0)) }, sources: sources, moduleName: layout.moduleName,
                  includes: dependencies.map(\.folder), outputMap: scratch.appendingPathComponent("outputs.json"), in: layout.folder),
              let result = try? DirectCommands.run(command, in: layout.folder, timeout: compileTimeout)
        else { return .needsWholeBuild }
        guard result.termination.isSuccess else {
            // Only an exit with status 1 is the compiler's verdict; a crash or a stop at the
            // time limit says nothing about the code.
            if case .exited(1) = result.termination { return .doesNotCompile(result) }
            // Stopped at the limit: a whole build would take the limit again (333 s, then 390 s, measured).
            if case .timedOut = result.termination { return .timedOut(result) }
            return .needsWholeBuild
        }
        guard changed.allSatisfy({ index in
                  let new = FileManager.default.contents(atPath: fresh.partialModule(index).path)
                  return new != nil && new == FileManager.default.contents(atPath: layout.partialModule(index).path)
              })
        else { return .needsWholeBuild }
        for index in changed {
            _ = try? FileManager.default.removeItem(at: layout.object(index))
            guard (try? FileManager.default.moveItem(at: fresh.object(index), to: layout.object(index))) != nil else { return .needsWholeBuild }
        }
        layout.recordWarnings(result.standardError + result.standardOutput, for: changed, sources: sources)
        return .built
    }

    /// The whole module with the frontend straight: a batch of files per processor, each
    /// file's object and partial module, and beside them the interface. The compile
    /// jobs' diagnostics are what the driver would have printed.
    private func compileWholeModule(
        sources: [URL], dependencies: [ModuleBuilder.BuiltModule], layout: Layout, in directory: URL, with commands: DirectCommands
    ) throws {
        let includes = dependencies.map(\.folder)
        // A file with the program's entry point changes the partial modules of the
        // files compiled beside it, so it gets a job of its own: each file's partial
        // module is then the one a job compiling that file alone writes.
        let entryPoints = sources.indices.filter { Self.hasEntryPoint(sources[$0]) }
        let others = sources.indices.filter { !entryPoints.contains($0) }
        let batches = entryPoints.map { [$0] } + DirectCommands.batches(of: others.count).map { $0.map { others[$0] } }
        var jobs: [[String]] = []
        for (batch, members) in batches.enumerated() {
            jobs.append(try commands.compile(
                members.map { (sources[$0], layout.outputs($0)) }, sources: sources, moduleName: layout.moduleName,
                includes: includes, outputMap: layout.folder.appendingPathComponent("outputs-\(batch).json"), in: directory))
        }
        jobs.append(commands.emitModule(sources: sources, moduleName: layout.moduleName, includes: includes,
                                        module: layout.interface, in: directory))
        let results = try BlockingLanes.map(jobs, width: jobs.count) { [compileTimeout] in
            try DirectCommands.run($0, in: directory, timeout: compileTimeout)
        }
        guard results.allSatisfy(\.termination.isSuccess) else {
            // The compile jobs report every file's errors; the interface job repeats
            // the declarations' ones, so it speaks only when they said nothing.
            let compiles = results.dropLast().map { $0.standardError + $0.standardOutput }.joined()
            let diagnostics = compiles.isEmpty ? results.last.map { $0.standardError + $0.standardOutput } ?? "" : compiles
            throw ModuleBuilder.BuildFailure(module: layout.moduleName, diagnostics: diagnostics, results: results)
        }
        for (batch, members) in batches.enumerated() {
            layout.recordWarnings(results[batch].standardError + results[batch].standardOutput, for: members, sources: sources)
        }
    }

    /// The driver's build of the whole module: an object per file, and the interface.
    private func compileWholeModuleWithDriver(
        sources: [URL], dependencies: [ModuleBuilder.BuiltModule], layout: Layout, in directory: URL
    ) throws {
        var map: [String: [String: String]] = [:]
        for (index, source) in sources.enumerated() { map[source.path] = ["object": layout.object(index).path] }
        let mapFile = layout.folder.appendingPathComponent("output-file-map.json")
        try AtomicFile.write(try JSONSerialization.data(withJSONObject: map, options: [.sortedKeys]), to: mapFile)
        var arguments = driverFlags + [
            "-parse-as-library", "-module-name", layout.moduleName, "-c",
            "-enable-batch-mode", "-j", "\(BlockingLanes.processors)", "-output-file-map", mapFile.path,
            "-emit-module", "-emit-module-path", layout.interface.path,
        ]
        for dependency in dependencies { arguments += dependency.compilerFlags }
        arguments += sources.map(\.path)
        let result = try toolchain.compile(arguments, workingDirectory: directory.path, timeout: compileTimeout)
        guard result.termination.isSuccess else {
            throw ModuleBuilder.BuildFailure(module: layout.moduleName, diagnostics: result.standardError + result.standardOutput, results: [result])
        }
        layout.recordWarnings(result.standardError + result.standardOutput, for: Array(sources.indices), sources: sources)
    }

    /// `main.swift`, or a file that says `@main`.
    static func hasEntryPoint(_ source: URL) -> Bool {
        source.lastPathComponent == "main.swift"
            || (FileManager.default.contents(atPath: source.path).map { $0.range(of: Data("@main".utf8)) != nil } ?? false)
    }

    /// A file name per source for its outputs: its own name without `.swift`, numbered
    /// when two sources share a name.
    static func outputNames(_ sources: [URL]) -> [String] {
        var seen: [String: Int] = [:]
        return sources.map { source in
            let stem = source.deletingPathExtension().lastPathComponent
            let count = seen[stem, default: 0]
            seen[stem] = count + 1
            return count == 0 ? stem : "\(stem)-\(count + 1)"
        }
    }
}
