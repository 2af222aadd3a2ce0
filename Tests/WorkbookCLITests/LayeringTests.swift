import Foundation
import Testing

/// The engine's targets and the imports the drawing in docs/architecture.md allows them.
/// `make build` and `make test` pass `--explicit-target-dependency-import-check error`, so
/// an import of a target that is not a declared dependency fails the build; these tests keep
/// the declarations (the teacher's Package.swift and the student release's) to the drawing,
/// the drawing one-way, no target the bulk of the engine, and the platform code where the
/// seam is.
@Suite("The engine's targets import only what the drawing allows, and platform code stays behind its seam")
struct LayeringTests {
    static let model = ["WorkbookSystem", "WorkbookToolchain", "WorkbookModel"]

    /// Each engine target, lowest first, with the engine targets it may import.
    static let drawing: [(target: String, imports: [String])] = [
        ("WorkbookSystem", []),
        ("WorkbookToolchain", ["WorkbookSystem"]),
        ("WorkbookModel", ["WorkbookSystem", "WorkbookToolchain"]),
        ("WorkbookRunning", model),
        ("WorkbookGrading", model + ["WorkbookRunning"]),
        ("WorkbookRendering", model + ["WorkbookRunning"]),
        ("WorkbookMutation", model + ["WorkbookGrading"]),
        ("WorkbookLocate", model + ["WorkbookGrading", "WorkbookMutation"]),
        ("WorkbookClassroom", model + ["WorkbookGrading"]),
        ("WorkbookRelease", model + ["WorkbookRendering", "WorkbookClassroom"]),
        ("WorkbookCLI", ["WorkbookSystem", "WorkbookToolchain", "WorkbookModel", "WorkbookRunning", "WorkbookGrading",
                         "WorkbookRendering", "WorkbookMutation", "WorkbookLocate", "WorkbookClassroom", "WorkbookRelease"]),
    ]

    static let layers = drawing.map(\.target)

    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let sources = root.appendingPathComponent("Sources")

    static func swiftFiles(in layer: String) -> [URL] {
        let folder = sources.appendingPathComponent(layer)
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
    }

    @Test("The drawing points down: a target may import only targets drawn before it")
    func drawingGoesDown() {
        for (rank, entry) in Self.drawing.enumerated() {
            for imported in entry.imports {
                let at = Self.layers.firstIndex(of: imported)
                #expect(at != nil && at! < rank, "\(entry.target) may import \(imported), which is not drawn below it")
            }
        }
    }

    @Test("Every import of an engine target is one the drawing allows", arguments: drawing.map(\.target))
    func importsAsDrawn(layer: String) throws {
        let allowed = try #require(Self.drawing.first { $0.target == layer }).imports
        let files = Self.swiftFiles(in: layer)
        #expect(!files.isEmpty, "no sources found for \(layer)")
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let words = line.split(separator: " ")
                guard let at = words.firstIndex(of: "import"), at + 1 < words.count,
                      words[..<at].allSatisfy({ $0.hasPrefix("@") }) else { continue }
                let imported = String(words[at + 1])
                guard Self.layers.contains(imported) else { continue }
                #expect(allowed.contains(imported), "\(file.lastPathComponent):\(number + 1) imports \(imported), which the drawing does not let \(layer) import")
            }
        }
    }

    /// The engine targets a manifest declares, with their engine dependencies: its
    /// `.target(name: "Workbook…", dependencies: [ … ])` entries, `engine` standing for its
    /// list of that name.
    static func declared(in manifest: String) -> [String: Set<String>] {
        func names(_ list: Substring) -> [String] {
            list.split(separator: "\"", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
        }
        var engine: [String] = []
        if let start = manifest.range(of: "engine: [Target.Dependency] = ["), let end = manifest[start.upperBound...].firstIndex(of: "]") {
            engine = names(manifest[start.upperBound..<end])
        } else if let start = manifest.range(of: "let engineTargets = ["), let end = manifest[start.upperBound...].firstIndex(of: "]") {
            engine = names(manifest[start.upperBound..<end])
        }
        var found: [String: Set<String>] = [:]
        for line in manifest.split(separator: "\n") {
            guard let start = line.range(of: ".target(name: \"Workbook") else { continue }
            let rest = line[start.upperBound...]
            let name = "Workbook" + rest.prefix { $0 != "\"" }
            guard !name.hasSuffix("TestSupport") else { continue }
            var dependencies: [String] = []
            if let list = rest.range(of: "dependencies: [") {
                dependencies = names(rest[list.upperBound..<(rest[list.upperBound...].firstIndex(of: "]") ?? rest.endIndex)])
            } else if rest.contains("dependencies: engine") {
                dependencies = engine
            }
            found[name] = Set(dependencies.filter { Self.layers.contains($0) })
        }
        return found
    }

    @Test("The teacher's Package.swift and the student release's declare the drawing, and the release keeps no warning as an error",
          arguments: ["Package.swift", "Sources/WorkbookRelease/ReleasePackageManifest.swift"])
    func manifestsDeclareTheDrawing(path: String) throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
        let declared = Self.declared(in: manifest)
        #expect(Set(declared.keys) == Set(Self.layers), "\(path) declares \(declared.keys.sorted())")
        for (target, imports) in Self.drawing {
            #expect(declared[target] == Set(imports), "\(path): \(target) depends on \(declared[target]?.sorted() ?? []), the drawing allows \(imports)")
        }
        let isRelease = path.hasPrefix("Sources/")
        #expect(manifest.contains("-warnings-as-errors") != isRelease,
                "\(path) \(isRelease ? "keeps" : "no longer keeps") warnings as errors")
    }

    @Test("No engine target holds more than a third of the engine's lines")
    func noTargetIsTheBulk() throws {
        var lines: [String: Int] = [:]
        for layer in Self.layers {
            lines[layer] = try Self.swiftFiles(in: layer).reduce(0) { count, file in
                count + (try String(contentsOf: file, encoding: .utf8)).split(separator: "\n", omittingEmptySubsequences: false).count - 1
            }
        }
        let total = lines.values.reduce(0, +)
        #expect(total > 10_000, "the engine's sources were not found: \(total) lines")
        for (layer, count) in lines {
            #expect(count * 3 <= total, "\(layer) holds \(count) of the engine's \(total) lines, more than a third")
        }
    }

    /// Words that only mean something on Linux.
    static let linuxOnly = ["import Glibc", "inotify_", "\"/proc"]

    @Test("Linux-only code sits in WorkbookSystem or the Linux back end, inside a Linux branch")
    func platformCodeBehindTheSeam() throws {
        for layer in Self.layers {
            for file in Self.swiftFiles(in: layer) {
                let relative = String(file.path.dropFirst(Self.sources.path.count + 1))
                let seam = layer == "WorkbookSystem" || relative.hasPrefix("WorkbookToolchain/Backend/")
                let text = try String(contentsOf: file, encoding: .utf8)
                for (number, line) in PlatformBranches.unguardedLines(text) {
                    guard let word = Self.linuxOnly.first(where: { line.contains($0) }),
                          !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") else { continue }
                    Issue.record("\(relative):\(number): \(word) outside a Linux branch\(seam ? "" : " and outside the platform seam")")
                }
                if !seam {
                    for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                    where line.contains("import Glibc") || line.contains("inotify_") {
                        Issue.record("\(relative):\(number + 1): platform code outside WorkbookSystem and the Linux back end")
                    }
                }
            }
        }
    }

    @Test("The branch reader tells guarded lines from unguarded ones")
    func branchReader() {
        let text = """
            a
            #if os(Linux)
            b
            #else
            c
            #endif
            #if canImport(Darwin)
            d
            #else
            e
            #endif
            """
        #expect(PlatformBranches.unguardedLines(text).map { $0.line } == ["a", "c", "d"])
    }
}

/// Which lines of a Swift file are outside every Linux branch: `#if os(Linux)` or
/// `#if canImport(Glibc)`, or the `#else` of `#if canImport(Darwin)`/`os(macOS)`.
enum PlatformBranches {
    static func unguardedLines(_ text: String) -> [(number: Int, line: String)] {
        var stack: [(linux: Bool, notLinux: Bool, inElse: Bool)] = []
        var out: [(number: Int, line: String)] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("#if ") {
                let condition = line.dropFirst(4)
                stack.append((condition.contains("os(Linux)") || condition.contains("canImport(Glibc)"),
                              condition.contains("canImport(Darwin)") || condition.contains("os(macOS)"), false))
                continue
            }
            if line.hasPrefix("#else") || line.hasPrefix("#elseif"), !stack.isEmpty {
                stack[stack.count - 1].inElse = true
                continue
            }
            if line.hasPrefix("#endif"), !stack.isEmpty { stack.removeLast(); continue }
            let guarded = stack.contains { ($0.linux && !$0.inElse) || ($0.notLinux && $0.inElse) }
            if !guarded { out.append((index + 1, String(raw))) }
        }
        return out
    }
}
