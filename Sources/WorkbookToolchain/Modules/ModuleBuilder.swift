import Foundation
import WorkbookSystem

/// Compiles Swift modules straight with `swiftc` into a content-addressed cache, so
/// the chapters' support modules (`Diner`, `Stage`, a chapter's module, a learner's
/// version of it) are compiled once and reused until a source changes.
public struct ModuleBuilder: Sendable {
    /// A compiled module: `-I folder -L folder -l name` makes it importable and linkable.
    public struct BuiltModule: Sendable, Equatable {
        public var name: String
        public var folder: URL
        /// The cache key: changes whenever a source, a dependency or the toolchain changes.
        public var key: String

        package var compilerFlags: [String] { ["-I", folder.path] }
        package var linkerFlags: [String] { ["-L", folder.path, "-l\(name)"] }
        /// The static library itself, for linkers given files rather than `-l`.
        package var archive: URL { folder.appendingPathComponent("lib\(name).a") }

        package init(name: String, folder: URL, key: String) {
            self.name = name
            self.folder = folder
            self.key = key
        }
    }

    /// Why a module did not build; `diagnostics` is the compiler's own text.
    public struct BuildFailure: Error, Sendable, Equatable, CustomStringConvertible {
        public var module: String
        public var diagnostics: String
        /// The compiler was stopped at its time limit: nothing was learnt about the code,
        /// so this is never cached as the code's failure.
        public var timedOut = false
        public var description: String { "module \(module) does not compile:\n\(diagnostics)" }

        public init(module: String, diagnostics: String, results: [ChildProcess.Result] = []) {
            self.module = module
            self.diagnostics = diagnostics
            if let stopped = results.first(where: { if case .timedOut = $0.termination { return true } else { return false } }),
               case .timedOut(let seconds) = stopped.termination {
                timedOut = true
                self.diagnostics = "compiling took longer than \(seconds.formatted()) s and was stopped"
                    + (diagnostics.isEmpty ? "" : ":\n" + diagnostics)
            }
        }
    }

    public let toolchain: SwiftToolchain
    /// Where built modules live: `<cache>/modules/<name>-<key>/`.
    public let cacheFolder: URL

    public init(toolchain: SwiftToolchain, cacheFolder: URL) {
        self.toolchain = toolchain
        self.cacheFolder = cacheFolder
    }

    /// The cache key for a module built from `sources` on top of `dependencies`.
    public func key(name: String, sources: [URL], dependencies: [BuiltModule], flags: [String] = []) -> String {
        var hash = ContentHash()
        hash.combine(toolchain.version)
        hash.combine(name)
        for flag in SwiftToolchain.languageFlags + flags { hash.combine(flag) }
        for dependency in dependencies { hash.combine(dependency.key) }
        // By file name first: the same files from another folder (a learner's copy of
        // the references) give the same key, so the build is reused.
        for source in sources.sorted(by: { ($0.lastPathComponent, $0.path) < ($1.lastPathComponent, $1.path) }) {
            hash.combine(source.lastPathComponent)
            hash.combine(FileManager.default.contents(atPath: source.path) ?? Data())
        }
        return hash.hex
    }

    /// Builds (or reuses) a static library module named `name` from `sources`.
    public func build(
        name: String, sources: [URL], dependencies: [BuiltModule] = [], flags: [String] = []
    ) throws -> BuiltModule {
        let key = key(name: name, sources: sources, dependencies: dependencies, flags: flags)
        let folder = CacheFolder.modules.url(in: cacheFolder).appendingPathComponent("\(name)-\(key)", isDirectory: true)
        let module = BuiltModule(name: name, folder: folder, key: key)
        // Built in a scratch folder renamed into place (CacheEntry): an interrupted build
        // never leaves a half-written module that looks finished.
        _ = try CacheEntry(folder, product: "lib\(name).a").produce { scratch in
            // Whole-module, its code generated on every core: file by file, the driver ran a
            // compiler per file, one after another (Stage, 21 files: 5.3-5.5 s of CPU and as
            // much wall time; whole-module: 2.7-2.8 s of CPU, 2.5 s of wall on 2 cores).
            // (Batch mode would do too, but its autolink step fails beside -emit-library -static.)
            var arguments = SwiftToolchain.languageFlags + flags + [
                "-wmo", "-num-threads", "\(BlockingLanes.processors)",
                "-parse-as-library", "-module-name", name,
                "-emit-module", "-emit-module-path", scratch.appendingPathComponent("\(name).swiftmodule").path,
                "-emit-library", "-static", "-o", scratch.appendingPathComponent("lib\(name).a").path,
            ]
            for dependency in dependencies { arguments += dependency.compilerFlags }
            arguments += sources.map(\.path)
            let result = try toolchain.compile(arguments, workingDirectory: scratch.path)
            guard result.termination.isSuccess else {
                throw BuildFailure(module: name, diagnostics: result.standardError + result.standardOutput, results: [result])
            }
            return true
        }
        return module
    }

    /// The `.swift` files of a package target folder (`Sources/Stage`), sorted.
    public static func sources(in folder: URL) -> [URL] {
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var found: [URL] = []
        while let next = walker.nextObject() as? String {
            if next.hasSuffix(".swift") { found.append(folder.appendingPathComponent(next)) }
        }
        return found.sorted { $0.path < $1.path }
    }
}
