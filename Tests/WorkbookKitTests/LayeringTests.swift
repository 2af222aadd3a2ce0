import Foundation
import Testing

/// The engine's layers, lowest first (Package.swift). `make build` and `make test` pass
/// `--explicit-target-dependency-import-check error`, so an import of a target that is
/// not a declared dependency fails the build; these tests keep the declared order
/// itself one-way and the platform code where the seam is.
@Suite("The engine's layers import downwards only, and platform code stays behind its seam")
struct LayeringTests {
    static let layers = ["WorkbookSystem", "WorkbookToolchain", "WorkbookModel", "WorkbookKit", "WorkbookLocate", "WorkbookCLI"]

    static let sources: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    static func swiftFiles(in layer: String) -> [URL] {
        let folder = sources.appendingPathComponent(layer)
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
    }

    @Test("No layer imports a layer above it", arguments: layers)
    func importsGoDown(layer: String) throws {
        let rank = try #require(Self.layers.firstIndex(of: layer))
        let files = Self.swiftFiles(in: layer)
        #expect(!files.isEmpty, "no sources found for \(layer)")
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let words = line.split(separator: " ")
                guard let at = words.firstIndex(of: "import"), at + 1 < words.count,
                      words[..<at].allSatisfy({ $0.hasPrefix("@") }),
                      let imported = Self.layers.firstIndex(of: String(words[at + 1])) else { continue }
                #expect(imported < rank, "\(file.lastPathComponent):\(number + 1) imports \(words[at + 1]), a layer above \(layer)")
            }
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
