import Foundation
import WorkbookSystem

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
        let manifest = SourceLocation(path: "Package.swift", line: 1)
        guard let text = try? workbook.read("Package.swift"), text.contains("Package(") else { return [] }
        guard let targets = targets(manifest: text) else {
            return [Diagnostic(at: manifest, "SwiftPM cannot read Package.swift (`swift package dump-package` failed); fix it first")]
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
            used.formUnion([module, module + "Tests"])
            if !targets.contains(module) {
                findings.append(Diagnostic(at: chapter.titleLocation,
                    "Package.swift declares no target \(module), the module of chapter \(chapter.number)'s reference files; add it (chapterModules lists them)"))
            }
            if chapter.exercises.contains(where: { $0.testsFile != nil }), !targets.contains(module + "Tests") {
                findings.append(Diagnostic(at: chapter.titleLocation,
                    "Package.swift declares no test target \(module)Tests for chapter \(chapter.number)'s tests; `swift test` would never run them"))
            }
        }
        for target in targets.sorted() where target.range(of: #"^Chapter\d\d"#, options: .regularExpression) != nil && !used.contains(target) {
            findings.append(Diagnostic(at: manifest, "target \(target) belongs to no chapter: no chapter's exercises name files in it"))
        }
        return findings
    }

    /// Target names, from SwiftPM, cached by the manifest's content.
    func targets(manifest: String) -> Set<String>? {
        let cache = workbook.cacheFolder.appendingPathComponent("package-targets-\(ContentHash.of([manifest]).prefix(16)).txt")
        if let data = FileManager.default.contents(atPath: cache.path) {
            return Set(String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init))
        }
        guard let result = try? ChildProcess.run(swift, .init(arguments: ["package", "dump-package", "--package-path", workbook.root.path], timeout: 120)),
              result.termination.isSuccess,
              let object = try? JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any],
              let list = object["targets"] as? [[String: Any]] else { return nil }
        let names = Set(list.compactMap { $0["name"] as? String })
        try? FileManager.default.createDirectory(at: cache.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? AtomicFile.write(names.sorted().joined(separator: "\n"), to: cache)
        return names
    }
}
