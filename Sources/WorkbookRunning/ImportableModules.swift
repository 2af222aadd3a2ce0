import Foundation
import WorkbookModel
import WorkbookToolchain

/// The workbook's own modules that snippets and scratch files may import — `Diner`,
/// `Stage` and every chapter module — built from `Sources/` through `ModuleBuilder`
/// on first use and reused from its cache after that.
public struct ImportableModules: Sendable {
    /// A module: its folder under `Sources/` and the modules it is built on, as in Package.swift.
    public struct Entry: Sendable, Equatable {
        public var name: String
        public var dependencies: [String]
    }

    /// What the package says, as a table: the shared modules, then one module per chapter.
    public static func entries(root: URL) -> [Entry] {
        let sources = root.appendingPathComponent(WorkbookLayout.sources)
        let chapterModules = ((try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? [])
            .filter { $0.hasPrefix("Chapter") && $0.dropFirst("Chapter".count).prefix(2).allSatisfy(\.isNumber) }
            .sorted()
        let all = [Entry(name: "Diner", dependencies: []), Entry(name: "Stage", dependencies: ["Diner"])]
            + chapterModules.map { Entry(name: $0, dependencies: ["Stage", "Diner"]) }
        return all.filter { entry in
            FileManager.default.fileExists(atPath: sources.appendingPathComponent(entry.name).path)
        }
    }

    public let root: URL
    public let builder: ModuleBuilder
    public let entries: [Entry]
    /// Which module each unchanged source folder gave last time (nil: hash every time).
    let memo: ModuleKeyMemo?
    /// Modules built from these files instead of their folder under `Sources/` (the
    /// learner's own chapter modules, for the playground).
    let overrides: [String: [URL]]

    public init(root: URL, builder: ModuleBuilder) {
        self.init(root: root, builder: builder, memo: ModuleKeyMemo(cacheFolder: builder.cacheFolder))
    }

    init(root: URL, builder: ModuleBuilder, memo: ModuleKeyMemo?, overrides: [String: [URL]] = [:]) {
        self.root = root
        self.builder = builder
        self.entries = Self.entries(root: root)
        self.memo = memo
        self.overrides = overrides
    }

    /// The same modules, with `overrides`' modules built from the files given.
    package func overriding(_ overrides: [String: [URL]]) -> ImportableModules {
        ImportableModules(root: root, builder: builder, memo: memo, overrides: overrides)
    }

    /// Which of `names` are workbook modules (the rest come with the toolchain).
    public func known(_ names: [String]) -> [String] {
        names.filter { name in entries.contains { $0.name == name } }
    }

    /// Builds (or finds in the cache) the modules named and everything they are built on.
    /// A module that does not compile is reported in `failures`, and so is every module
    /// built on it; the others are still returned.
    /// `reusing`: modules built (or found broken) already in this run — taken from there
    /// instead of hashing their sources again. The result is the same as without it.
    public func build(_ names: [String], reusing built: Resolution? = nil) -> Resolution {
        var resolution = Resolution()
        let known = known(names)
        // ModuleBuilder's key for the probe: it changes with anything else a key depends on.
        let fingerprint = known.isEmpty ? nil : memo?.probeFile().map { builder.key(name: "Probe", sources: [$0], dependencies: []) }
        for name in known { resolve(name, into: &resolution, reusing: built, fingerprint: fingerprint) }
        return resolution
    }

    /// Built modules, in build order (a module after the ones it is built on), and the
    /// modules that could not be built, with the compiler's reason.
    public struct Resolution: Sendable {
        public var modules: [ModuleBuilder.BuiltModule] = []
        public var failures: [String: String] = [:]

        /// Flags that make every built module importable and linkable by one program.
        public var flags: [String] {
            modules.flatMap(\.compilerFlags) + modules.reversed().flatMap(\.linkerFlags)
        }

        /// The cache keys of `names`' modules, for a result's own cache key.
        public func keys(of names: [String]) -> [String] {
            names.map { name in modules.first { $0.name == name }?.key ?? "missing:\(name)" }
        }
    }

    private func resolve(_ name: String, into resolution: inout Resolution, reusing built: Resolution?, fingerprint: String?) {
        if resolution.modules.contains(where: { $0.name == name }) || resolution.failures[name] != nil { return }
        guard let entry = entries.first(where: { $0.name == name }) else { return }
        for dependency in entry.dependencies { resolve(dependency, into: &resolution, reusing: built, fingerprint: fingerprint) }
        if let broken = entry.dependencies.first(where: { resolution.failures[$0] != nil }) {
            resolution.failures[name] = "module \(name) is built on \(broken), which does not compile"
            return
        }
        if let module = built?.modules.first(where: { $0.name == name }) {
            resolution.modules.append(module)
            return
        }
        if let failure = built?.failures[name] {
            resolution.failures[name] = failure
            return
        }
        let dependencies = entry.dependencies.compactMap { dependency in resolution.modules.first { $0.name == dependency } }
        if let sources = overrides[name] {
            do {
                resolution.modules.append(try builder.build(name: name, sources: sources, dependencies: dependencies))
            } catch let failure as ModuleBuilder.BuildFailure {
                resolution.failures[name] = failure.description
            } catch {
                resolution.failures[name] = "module \(name) could not be built: \(error)"
            }
            return
        }
        let folder = root.appendingPathComponent(WorkbookLayout.moduleSources(name))
        // Dependencies first in the list; `flags` reverses it for the linker.
        if let memo, let fingerprint, let module = memo.module(from: folder, dependencies: dependencies, fingerprint: fingerprint) {
            resolution.modules.append(module)
            return
        }
        // Stamped before the sources are read: a change while they are read shows next time.
        let stamps = memo == nil ? nil : ModuleKeyMemo.stamps(of: folder)
        let sources = ModuleBuilder.sources(in: folder)
        do {
            let module = try builder.build(name: name, sources: sources, dependencies: dependencies)
            resolution.modules.append(module)
            if let memo, let fingerprint, let stamps {
                memo.remember(module, from: folder, stamps: stamps, dependencies: dependencies, fingerprint: fingerprint)
            }
        } catch let failure as ModuleBuilder.BuildFailure {
            resolution.failures[name] = failure.description
        } catch {
            resolution.failures[name] = "module \(name) could not be built: \(error)"
        }
    }
}
