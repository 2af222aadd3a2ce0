import Foundation
import WorkbookSystem
import WorkbookToolchain

/// The package against the chapters (issue 24): with a chapter's module or its test target
/// missing from `Package.swift`, `lint`, `verify`, `run` and `check` all passed and
/// `swift test --filter` ran nothing. The targets come from SwiftPM itself
/// (`swift package dump-package`, JSON), read once per content of `Package.swift`.
public struct PackageCheck: Sendable {
    public let workbook: Workbook
    /// `swift`, beside the toolchain's `swiftc`.
    public let swift: String

    public init(workbook: Workbook, swift: String) {
        self.workbook = workbook
        self.swift = swift
    }

    public func findings() -> [Diagnostic] {
        let manifest = SourceLocation(path: WorkbookLayout.manifest, line: 1)
        guard let text = try? workbook.read(WorkbookLayout.manifest), text.contains("Package(") else { return [] }
        let targets: Set<String>
        switch self.targets(manifest: text) {
        case .success(let names): targets = names
        case .failure(let failure):
            return [Diagnostic(at: SourceLocation(path: WorkbookLayout.manifest, line: failure.line ?? 1), failure.message)]
        }
        var findings: [Diagnostic] = []
        var used: Set<String> = []
        // A student release builds only the tool (its chapter modules are starters, and a
        // compile exercise's does not compile on purpose): it declares no chapter target.
        if workbook.isRelease {
            return targets.sorted().filter { $0.range(of: #"^Chapter\d\d"#, options: .regularExpression) != nil }.map { target in
                Diagnostic(at: manifest, "this student release's Package.swift declares \(target); a release builds only the tool, its chapters' starters are graded by `workbook check`")
            }
        }
        for chapter in workbook.chapters {
            guard let module = chapter.moduleName else { continue }
            used.formUnion([module, WorkbookLayout.testTarget(of: module)])
            if !targets.contains(module) {
                findings.append(Diagnostic(at: chapter.titleLocation,
                    "Package.swift declares no target \(module), the module of chapter \(chapter.number)'s reference files; add it (chapterModules lists them)"))
            }
            if chapter.exercises.contains(where: { $0.testsFile != nil }), !targets.contains(WorkbookLayout.testTarget(of: module)) {
                findings.append(Diagnostic(at: chapter.titleLocation,
                    "Package.swift declares no test target \(module)Tests for chapter \(chapter.number)'s tests; `swift test` would never run them"))
            }
        }
        for target in targets.sorted() where target.range(of: #"^Chapter\d\d"#, options: .regularExpression) != nil && !used.contains(target) {
            findings.append(Diagnostic(at: manifest, "target \(target) belongs to no chapter: no chapter's exercises name files in it"))
        }
        return findings
    }

    /// Why SwiftPM gave no targets: what it said, not a guess at why.
    struct DumpFailure: Error {
        let message: String
        /// The manifest's line the compiler located the error at, when it did.
        var line: Int? = nil

        /// SwiftPM's output: the compiler's first error in the manifest, at its line, or
        /// else SwiftPM's own first error without the compile command it quotes.
        static func reading(_ standardError: String, termination: ChildProcess.Termination) -> DumpFailure {
            let lines = standardError.split(separator: "\n").map(String.init)
            for line in lines {
                guard let match = line.firstMatch(of: /Package\.swift:(\d+):\d+: error: (.+)/) else { continue }
                return DumpFailure(message: "SwiftPM cannot read Package.swift: \(match.2)", line: Int(match.1))
            }
            var said = lines.first { $0.contains("error:") } ?? lines.last ?? ""
            if let quoted = said.range(of: " (compiled with:") { said = String(said[..<quoted.lowerBound]) }
            said = said.trimmingCharacters(in: .whitespaces)
            return DumpFailure(message: "SwiftPM cannot read Package.swift: `swift package dump-package` \(termination)"
                + (said.isEmpty ? "" : ": \(said)"))
        }
    }

    /// Target names, from SwiftPM, cached by the manifest's content.
    func targets(manifest: String) -> Result<Set<String>, DumpFailure> {
        let folder = CacheFolder.packageTargets.url(in: workbook.cacheFolder)
        let cache = folder.appendingPathComponent("\(ContentHash.of([manifest]).prefix(16)).txt")
        if let data = FileManager.default.contents(atPath: cache.path) {
            return .success(Set(String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)))
        }
        // A scratch path of its own: with the default (`.build`), dump-package waits for
        // any `swift build` or `swift test` running in the package, and `make test`'s
        // lint failed beside one. (SwiftPM makes no folder there for dump-package.)
        let arguments = ["package", "--package-path", workbook.root.path,
                         "--scratch-path", folder.appendingPathComponent("scratch").path, "dump-package"]
        let result: ChildProcess.Result
        do {
            result = try ChildProcess.run(swift, .init(arguments: arguments, timeout: 120))
        } catch {
            return .failure(DumpFailure(message: "`swift package dump-package` could not be started: \(error)"))
        }
        guard result.termination.isSuccess else {
            return .failure(.reading(result.standardError, termination: result.termination))
        }
        guard let object = try? JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any],
              let list = object["targets"] as? [[String: Any]] else {
            return .failure(DumpFailure(message: "SwiftPM cannot read Package.swift: `swift package dump-package` printed no list of targets"))
        }
        let names = Set(list.compactMap { $0["name"] as? String })
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? AtomicFile.write(names.sorted().joined(separator: "\n"), to: cache)
        return .success(names)
    }
}
