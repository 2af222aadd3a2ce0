import Foundation

/// Hidden tests: the Swift files under a `Hidden/` folder of a chapter's test target
/// (`Tests/Chapter03QueuesTests/Hidden/Ex2_LoadInventoryHiddenTests.swift`). A student
/// release leaves them out; a teacher's `workbook grade` runs them with the visible ones.
///
/// A hidden file belongs to the exercise whose visible tests file it is named after
/// (`Ex2_LoadInventoryTests.swift` → `Ex2_LoadInventoryHiddenTests.swift`), and its tests
/// live in an `extension` of that exercise's suite type: the grader runs an exercise by
/// its suite's name, so the hidden tests run with the visible ones and nothing else has
/// to know about them. Without the file, the suite is just its visible tests.
package enum HiddenTests {
    /// The folder's name inside a test target.
    public static let folderName = "Hidden"

    /// Whether `path` (absolute or root-relative) is a hidden test file.
    package static func isHidden(_ path: String) -> Bool {
        let parts = path.split(separator: "/").map(String.init)
        guard let index = parts.lastIndex(of: folderName), index > 0 else { return false }
        return parts[..<index].contains { $0 == WorkbookLayout.tests || $0.hasSuffix("Tests") } && path.hasSuffix(".swift")
    }

    /// The hidden file for an exercise's visible tests file (root-relative), whether or not it exists.
    public static func file(forTests testsFile: String) -> String? {
        guard testsFile.hasSuffix("Tests.swift") else { return nil }
        var parts = testsFile.split(separator: "/").map(String.init)
        guard let name = parts.popLast() else { return nil }
        return (parts + [folderName, String(name.dropLast("Tests.swift".count)) + "HiddenTests.swift"]).joined(separator: "/")
    }

    /// The visible suite a hidden file's name ties it to: `Ex2_LoadInventoryHiddenTests.swift` → `Ex2_LoadInventoryTests`.
    package static func suiteName(forHiddenFile path: String) -> String? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard name.hasSuffix("HiddenTests.swift"), name.count > "HiddenTests.swift".count else { return nil }
        return String(name.dropLast("HiddenTests.swift".count)) + "Tests"
    }

    /// The hidden files of a chapter's test target (`Tests/<Module>Tests`), root-relative, sorted.
    public static func files(inTarget target: String, workbook: Workbook) -> [String] {
        let folder = workbook.url(target).appendingPathComponent(folderName)
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var found: [String] = []
        while let next = walker.nextObject() as? String {
            if next.hasSuffix(".swift") { found.append("\(target)/\(folderName)/\(next)") }
        }
        return found.sorted()
    }

    /// A test declared in a hidden file: its function's name, its display name, its line.
    public struct Declared: Sendable, Equatable {
        public var function: String
        public var displayName: String?
        public var line: Int
    }

    /// The tests a file declares: each `@Test` attribute, with the string it starts with
    /// (the display name) and the `func` that follows it.
    public static func tests(in source: String) -> [Declared] {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var found: [Declared] = []
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("@Test"), !trimmed.hasPrefix("@Tests") else { continue }
            var displayName: String?
            if trimmed.hasPrefix("@Test(\""), let open = trimmed.range(of: "@Test(\"") {
                var title = ""
                var escaped = false
                for character in trimmed[open.upperBound...] {
                    if escaped { title.append(character); escaped = false; continue }
                    if character == "\\" { escaped = true; continue }
                    if character == "\"" { displayName = title; break }
                    title.append(character)
                }
            }
            // The function: on the attribute's line or one of the next few.
            for candidate in lines[index..<min(lines.count, index + 6)] {
                guard let range = candidate.range(of: #"func\s+[A-Za-z_][A-Za-z0-9_]*"#, options: .regularExpression) else { continue }
                let name = candidate[range].dropFirst(4).trimmingCharacters(in: .whitespaces)
                found.append(Declared(function: name, displayName: displayName, line: index + 1))
                break
            }
        }
        return found
    }
}
