import Foundation
import WorkbookSystem

/// The compiler's own jobs, started without the Swift driver: compiling one file of a
/// module (`swift-frontend -c -primary-file`), emitting the module's interface
/// (`swift-frontend -emit-module`), extracting the libraries objects ask for
/// (`swift-autolink-extract`), and linking with `ld.lld`. Starting the driver and clang
/// costs about 0.15 s per step, a third of a learner's one-edit re-check.
///
/// The commands are never written by hand: they are learnt once per toolchain from what
/// `swiftc -###` and `clang -###` print for placeholder files, and kept in the cache. A
/// toolchain whose commands do not have the expected shape gets no `DirectCommands`, and
/// callers use the driver; so does a caller whose direct job fails.
public struct DirectCommands: Codable, Sendable, Equatable {
    /// `swift-frontend -frontend -c $INPUTS … $MODULE … $OUTPUTS`.
    public var compile: [String]
    /// `swift-frontend -frontend -emit-module $INPUTS … $MODULE … $OUTPUTS`.
    package var emitModule: [String]
    /// `swift-autolink-extract $INPUTS -o $AUTOLINK`.
    package var autolink: [String]
    /// `ld.lld … $INPUTS … $AUTOLINK … -o $OUTPUT`, for an executable.
    package var linker: [String]
    /// The same for a shared library (`-shared`).
    package var sharedLinker: [String]

    static let inputs = "$INPUTS", module = "$MODULE", outputs = "$OUTPUTS", directory = "$DIRECTORY"
    static let autolinkFile = "$AUTOLINK", output = "$OUTPUT"

    /// What a compile job writes for one of its primary files.
    public struct PrimaryOutputs: Sendable {
        public var object: URL
        /// The file's partial module: its declarations alone, byte-identical after an
        /// edit inside a function body, so it tells whether the file's interface changed.
        public var partialModule: URL

        public init(object: URL, partialModule: URL) {
            self.object = object
            self.partialModule = partialModule
        }
    }

    /// The job compiling `primaries` (a batch; each with its own outputs) as part of
    /// module `moduleName` made of `sources`. The partial modules' paths go in
    /// `outputMap`, a file this writes, as the frontend reads them from there.
    /// `extraFlags` go after the inputs; `parseAsLibrary: false` allows top-level code in
    /// `main.swift`. Sources are named as given (relative URLs stay relative).
    public func compile(
        _ primaries: [(source: URL, outputs: PrimaryOutputs)], sources: [URL], moduleName: String, includes: [URL],
        outputMap: URL, in directory: URL, extraFlags: [String] = [], parseAsLibrary: Bool = true
    ) throws -> [String] {
        var map: [String: [String: String]] = [:]
        for (source, outputs) in primaries {
            let base = outputs.partialModule.deletingPathExtension()
            map[source.relativePath] = [
                "swiftmodule": outputs.partialModule.path,
                "swiftdoc": base.appendingPathExtension("swiftdoc").path,
                "swiftsourceinfo": base.appendingPathExtension("swiftsourceinfo").path,
            ]
        }
        try AtomicFile.write(try JSONSerialization.data(withJSONObject: map, options: [.sortedKeys]), to: outputMap)
        let primarySet = Set(primaries.map(\.source))
        let command = instantiate(compile, sources: sources, primaries: primarySet, moduleName: moduleName,
                                  includes: includes, extraFlags: extraFlags,
                                  outputs: primaries.flatMap { ["-o", $0.outputs.object.path] } + ["-supplementary-output-file-map", outputMap.path],
                                  directory: directory)
        return parseAsLibrary ? command : command.filter { $0 != "-parse-as-library" }
    }

    /// The job compiling all of `sources` in one go (whole-module mode) into one
    /// `object`: for a program nobody edits file by file, the cheapest build there is
    /// (a job per file pays the code generator's setup per file).
    /// With `threads` > 1, the code generator (most of an unoptimised build) runs on that
    /// many threads, writing one object per source: `objects` then names one per source.
    package func compileWholeModule(
        sources: [URL], moduleName: String, includes: [URL], objects: [URL], threads: Int = 1, in directory: URL,
        extraFlags: [String] = [], parseAsLibrary: Bool = true
    ) -> [String] {
        let threading = threads > 1 ? ["-num-threads", "\(threads)"] : []
        let command = instantiate(compile, sources: sources, primaries: [], moduleName: moduleName, includes: includes,
                                  extraFlags: extraFlags + threading, outputs: objects.flatMap { ["-o", $0.path] },
                                  directory: directory)
        return parseAsLibrary ? command : command.filter { $0 != "-parse-as-library" }
    }

    /// The job writing module `moduleName`'s interface to `module` (and its `.swiftdoc`
    /// and `.swiftsourceinfo` beside it), as the driver's own emit-module job does.
    package func emitModule(sources: [URL], moduleName: String, includes: [URL], module: URL, in directory: URL) -> [String] {
        let base = module.deletingPathExtension()
        return instantiate(emitModule, sources: sources, primaries: [], moduleName: moduleName, includes: includes, extraFlags: [], outputs: [
            "-emit-module-doc-path", base.appendingPathExtension("swiftdoc").path,
            "-emit-module-source-info-path", base.appendingPathExtension("swiftsourceinfo").path,
            "-o", module.path,
        ], directory: directory)
    }

    private func instantiate(
        _ template: [String], sources: [URL], primaries: Set<URL>, moduleName: String, includes: [URL], extraFlags: [String],
        outputs: [String], directory: URL
    ) -> [String] {
        template.flatMap { word -> [String] in
            switch word {
            case Self.inputs:
                return sources.flatMap { primaries.contains($0) ? ["-primary-file", $0.relativePath] : [$0.relativePath] }
                    + includes.flatMap { ["-I", $0.path] } + extraFlags
            case Self.module: return [moduleName]
            case Self.outputs: return outputs
            case Self.directory: return [directory.path]
            default: return [word]
            }
        }
    }

    /// The autolink extraction for `inputs` (objects and static libraries).
    package func extractAutolink(inputs: [String], into file: URL) -> [String] {
        autolink.flatMap { word -> [String] in
            switch word {
            case Self.inputs: return inputs
            case Self.autolinkFile: return [file.path]
            default: return [word]
            }
        }
    }

    /// The link of `inputs` (objects, then static libraries in dependency order) into an
    /// executable, or with `shared` into a shared library.
    public func link(inputs: [String], autolinkFile: URL, output: URL, shared: Bool = false) -> [String] {
        (shared ? sharedLinker : linker).flatMap { word -> [String] in
            switch word {
            case Self.inputs: return inputs
            case Self.autolinkFile: return ["@" + autolinkFile.path]
            case Self.output: return [output.path]
            default: return [word]
            }
        }
    }
}

extension DirectCommands {
    /// `count` files in at most `processors` batches of neighbouring files, one compile
    /// job each: every job parses all the files but checks only its own files' bodies.
    /// A batch has at least `fewest` files, since each job also loads every import anew.
    package static func batches(of count: Int, processors: Int = BlockingLanes.processors, fewest: Int = 3) -> [[Int]] {
        guard count > 0 else { return [] }
        let batchCount = max(1, min(processors, count / max(1, fewest)))
        return (0..<batchCount).map { batch in (0..<count).filter { $0 * batchCount / count == batch } }
    }

    /// Runs one of these commands (`command[0]` is the program) in `folder`.
    public static func run(_ command: [String], in folder: URL, timeout: Double = 300) throws -> ChildProcess.Result {
        try ChildProcess.run(command[0], .init(
            arguments: Array(command.dropFirst()), workingDirectory: folder.path, timeout: timeout, outputLimit: 4 << 20))
    }

    /// Links `inputs` (objects, shared libraries, then static libraries, dependents
    /// first) into `output` — an executable, or with `shared` a shared library — with
    /// `linkerFlags` after them. The libraries the objects ask for are read in process
    /// (or, failing that, by `swift-autolink-extract`), less those in `provided` (what the
    /// program loading a shared library has loaded already). `output`, or the linker's words.
    package func link(
        _ inputs: [URL], into output: URL, in folder: URL, shared: Bool = false, linkerFlags: [String] = [],
        provided: Set<String> = []
    ) throws -> BuildResult<URL> {
        let autolink = output.appendingPathExtension("autolink")
        let paths = inputs.map(\.path) + linkerFlags
        var steps = [link(inputs: paths, autolinkFile: autolink, output: output, shared: shared)]
        if let entries = AutolinkEntries.read(inputs) {
            try AtomicFile.write(entries.filter { !provided.contains($0) }.map { $0 + "\n" }.joined(), to: autolink)
        } else {
            steps.insert(extractAutolink(inputs: inputs.map(\.path), into: autolink), at: 0)
        }
        for step in steps {
            let result = try Self.run(step, in: folder)
            guard result.termination.isSuccess else { return .failure(CompilerDiagnostics(result.standardError + result.standardOutput)) }
        }
        return .success(output)
    }

    /// The commands for `toolchain` with `flags`, learnt once and kept under
    /// `cacheFolder/recipes/`; nil when they cannot be learnt (then use the driver), or
    /// when `backend` (the toolchain's, unless a test of this back end names it) is the driver.
    public static func cached(
        toolchain: SwiftToolchain, flags: [String], cacheFolder: URL, backend: BuildBackend? = nil
    ) -> DirectCommands? {
        guard (backend ?? toolchain.backend) == .direct else { return nil }
        var hash = ContentHash()
        hash.combine("direct-commands-v5")  // 5: tried on a probe before use
        hash.combine(toolchain.swiftc)
        hash.combine(toolchain.version)
        for flag in flags { hash.combine(flag) }
        let file = CacheFolder.recipes.url(in: cacheFolder).appendingPathComponent("\(hash.hex).json")
        if let data = FileManager.default.contents(atPath: file.path) {
            // An empty file records that this toolchain's commands could not be learnt.
            return data.isEmpty ? nil : try? JSONDecoder().decode(DirectCommands.self, from: data)
        }
        // Learnt, then tried: commands that cannot build and run a one-line program are
        // recorded as unusable, and everything goes through the driver.
        let learnt = (try? learn(toolchain: toolchain, flags: flags)).flatMap { $0.passesProbe() ? $0 : nil }
        let data = learnt.flatMap { try? JSONEncoder().encode($0) } ?? Data()
        try? AtomicFile.write(data, to: file)
        return learnt
    }

    /// Builds and runs `print("probe")` with these commands in a folder of its own: a
    /// template that still names the learning folder, or an `-###` whose shape changed,
    /// fails here rather than in a learner's check.
    func passesProbe() -> Bool {
        let words = compile + emitModule + autolink + linker + sharedLinker
        guard !words.contains(where: { $0.contains("workbook-recipe-") }) else { return false }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("workbook-probe-\(getpid())-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        guard (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil,
              (try? Data("print(\"probe\")\n".utf8).write(to: folder.appendingPathComponent("main.swift"))) != nil
        else { return false }
        let program = folder.appendingPathComponent("probe")
        guard let outcome = try? DirectProgramBuild(commands: self).build(
                  files: ["main.swift"], moduleName: "WorkbookProbe", includes: [], archives: [], extraFlags: [],
                  parseAsLibrary: false, in: folder, output: program),
              outcome == .built,
              let ran = try? ChildProcess.run(program.path, .init(timeout: 30))
        else { return false }
        return ran.termination.isSuccess && ran.standardOutput == "probe\n"
    }

    /// Asks the driver (and clang) what they would run for placeholder files.
    static func learn(toolchain: SwiftToolchain, flags: [String]) throws -> DirectCommands? {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("workbook-recipe-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let primary = scratch.appendingPathComponent("Primary.swift").path
        let other = scratch.appendingPathComponent("Other.swift").path
        let object = scratch.appendingPathComponent("Input.o").path
        let executable = scratch.appendingPathComponent("Output").path
        let moduleName = "WorkbookRecipeModule"
        for placeholder in [primary, other, object] { _ = FileManager.default.createFile(atPath: placeholder, contents: Data()) }

        let compileLines = try printedJobs(toolchain, flags + [
            "-parse-as-library", "-module-name", moduleName, "-c",
            "-emit-module", "-emit-module-path", scratch.appendingPathComponent("\(moduleName).swiftmodule").path, primary, other,
        ], in: scratch)
        guard let compileLine = compileLines.first(where: { $0.contains(" -c ") && $0.contains("-primary-file \(primary)") }),
              let emitLine = compileLines.first(where: { $0.contains(" -emit-module ") && !$0.contains("-primary-file") }),
              let compile = frontendTemplate(compileLine, primary: primary, other: other, moduleName: moduleName),
              let emitModule = frontendTemplate(emitLine, primary: primary, other: other, moduleName: moduleName)
        else { return nil }

        guard let (autolink, linker) = try learnLink(toolchain, flags + ["-use-ld=lld"], object: object, output: executable, in: scratch),
              let (_, sharedLinker) = try learnLink(
                  toolchain, flags + ["-use-ld=lld", "-emit-library"], object: object,
                  output: scratch.appendingPathComponent("libOutput.so").path, in: scratch)
        else { return nil }
        return DirectCommands(compile: compile, emitModule: emitModule, autolink: autolink, linker: linker, sharedLinker: sharedLinker)
    }

    /// The autolink extraction and the `ld.lld` command the driver (through clang) runs
    /// to link `object` into `output`, with the inputs, the autolink file and the output marked.
    private static func learnLink(
        _ toolchain: SwiftToolchain, _ arguments: [String], object: String, output outputPath: String, in scratch: URL
    ) throws -> (autolink: [String], linker: [String])? {
        let linkLines = try printedJobs(toolchain, arguments + [object, "-o", outputPath], in: scratch)
        guard linkLines.count >= 2, let autolinkWords = CommandLineWords.split(linkLines[0]),
              let clangWords = CommandLineWords.split(linkLines[1]),
              autolinkWords.first?.hasSuffix("swift-autolink-extract") == true,
              clangWords.first?.hasSuffix("clang") == true,
              let autolinkOut = autolinkWords.firstIndex(of: "-o").map({ autolinkWords[$0 + 1] })
        else { return nil }
        let autolink = autolinkWords.map { $0 == object ? inputs : $0 == autolinkOut ? autolinkFile : $0 }
        guard autolink.filter({ $0 == inputs || $0 == autolinkFile }).count == 2 else { return nil }

        // clang reads `@file` arguments itself, so give it a file holding a marker word.
        try Data("-lworkbook_autolink_marker\n".utf8).write(to: URL(fileURLWithPath: autolinkOut))
        let clang = try ChildProcess.run(clangWords[0], .init(
            arguments: ["-###"] + clangWords.dropFirst(), workingDirectory: scratch.path, timeout: 60))
        guard clang.termination.isSuccess,
              let linkerLine = (clang.standardError + clang.standardOutput).split(separator: "\n")
                .last(where: { $0.contains("ld.lld") || $0.contains("\"-o\"") }),
              let linkerWords = CommandLineWords.split(String(linkerLine)),
              linkerWords.first?.hasSuffix("lld") == true
        else { return nil }
        let linker = linkerWords.map { word -> String in
            switch word {
            case object: return inputs
            case "-lworkbook_autolink_marker": return autolinkFile
            case outputPath: return output
            default: return word
            }
        }
        guard [inputs, autolinkFile, output].allSatisfy({ marker in linker.filter { $0 == marker }.count == 1 }) else { return nil }
        return (autolink, linker)
    }

    /// A frontend job's words with the inputs, the module name, the outputs and the
    /// working directory marked.
    static func frontendTemplate(_ line: String, primary: String, other: String, moduleName: String) -> [String]? {
        guard let words = CommandLineWords.split(line), words.first?.hasSuffix("swift-frontend") == true else { return nil }
        var template: [String] = []
        var index = 0
        while index < words.count {
            let word = words[index]
            let next = index + 1 < words.count ? words[index + 1] : nil
            switch word {
            case "-primary-file" where next == primary:
                template.append(inputs)
                index += 2
            case primary:
                template.append(inputs)
                index += 1
            case other:
                index += 1
            case "-o":
                template.append(outputs)
                index += 2
            case "-supplementary-output-file-map", "-emit-module-doc-path", "-emit-module-source-info-path":
                index += 2
            case "-module-name" where next == moduleName:
                template += [word, module]
                index += 2
            case "-file-compilation-dir":
                template += [word, directory]
                index += 2
            default:
                template.append(word)
                index += 1
            }
        }
        let markers = [inputs, module, outputs]
        guard markers.allSatisfy({ marker in template.filter { $0 == marker }.count == 1 }) else { return nil }
        return template
    }

    /// The job lines `swiftc -###` prints.
    private static func printedJobs(_ toolchain: SwiftToolchain, _ arguments: [String], in folder: URL) throws -> [String] {
        let result = try SwiftToolchain.runDriver(
            toolchain.swiftc, .init(arguments: ["-###"] + arguments, environment: toolchain.host.variables, workingDirectory: folder.path, timeout: 60))
        guard result.termination.isSuccess else { return [] }
        return result.standardOutput.split(separator: "\n").map(String.init)
    }
}
