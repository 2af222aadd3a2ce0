import Foundation
import WorkbookSystem

/// `workbook new chapter` and `workbook new exercise`: the files an author would otherwise
/// type by hand — the chapter skeleton and its hints file, the module and test folders,
/// the package entry, an exercise's heading and files paragraph, its hint stubs, a
/// reference file with solution markers and a test file whose suite is named and titled as
/// lint wants. A chapter that exists is refused; an exercise's file that exists is left
/// alone, and said so.
public struct Scaffold: Sendable {
    public let workbook: Workbook

    public init(workbook: Workbook) {
        self.workbook = workbook
    }

    /// What a scaffold did, file by file (root-relative paths).
    public struct Report: Sendable, Equatable {
        public var written: [String] = []
        public var changed: [String] = []
        public var kept: [String] = []
        /// What the author must still do by hand, when the tool could not.
        public var todo: [String] = []
    }

    /// `Chapter06Autoclosure` for 6 and `autoclosure`.
    public static func moduleName(number: Int, slug: String) -> String {
        String(format: "Chapter%02d", number) + slug.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    public func chapter(number: Int, slug: String, title: String) throws -> Report {
        guard (1...99).contains(number), slug.range(of: #"^[a-z0-9]+(-[a-z0-9]+)*$"#, options: .regularExpression) != nil else {
            throw WorkbookError.unreadable(path: WorkbookLayout.chapters + "/", reason: "a chapter is NN-slug: a number from 1 to 99 and lower-case words joined by '-'")
        }
        // A chapter that exists is never added to (not even one of the same slug): its
        // exercises come one by one from `new exercise`.
        if let existing = workbook.chapters.first(where: { $0.number == number }) {
            throw WorkbookError.cannotWrite(path: existing.path, reason: "chapter \(number) exists already as \(existing.path); "
                + "add exercises to it with `workbook new exercise \(number) NAME TITLE`, or pick another number")
        }
        let stem = String(format: "%02d-", number) + slug
        let module = Self.moduleName(number: number, slug: slug)
        var report = Report()
        try create(WorkbookLayout.chapterFile(stem: stem), """
            # \(title)

            By the end of this chapter you will be able to … (what the reader can do, and the
            challenge they will meet).

            ## A first example

            ```swift run
            print("Hello, \(title)")
            ```

            ```output
            Hello, \(title)
            ```

            ## Recap

            …

            ## Further reading

            * …

            """, &report)
        try create(WorkbookLayout.hintsFile(stem: stem), """
            # Hints: \(title)

            The hints for chapter \(number)'s exercises, kept out of the chapter. Ask for them one
            at a time with `workbook hint \(number).M`.

            """, &report)
        try create(WorkbookLayout.moduleSources(module) + "/Support.swift", """
            // Code the exercises of chapter \(number) share. (SwiftPM wants a target to have a file.)

            """, &report)
        try create(WorkbookLayout.moduleTests(module) + "/Support.swift", """
            // Helpers the tests of chapter \(number) share.

            """, &report)
        try addToPackage(module, &report)
        return report
    }

    /// (The markers are written from `SolutionMarkers`, so this file holds none itself:
    /// lint would take it for an orphaned reference.)
    public func exercise(chapter number: Int, name: String, title: String) throws -> Report {
        guard let chapter = workbook.chapters.first(where: { $0.number == number }) else {
            throw WorkbookError.unknownChapter("\(number)", valid: workbook.chapters.map(\.number))
        }
        guard name.range(of: #"^[A-Z][A-Za-z0-9]*$"#, options: .regularExpression) != nil else {
            throw WorkbookError.unreadable(path: chapter.path, reason: "an exercise's name is UpperCamelCase (DebugLog), for its file Ex\(chapter.exercises.count + 1)_\(name).swift")
        }
        let module = chapter.moduleName ?? Self.moduleName(number: number, slug: chapter.slug)
        // Asked again: the exercise is there; say so and change nothing.
        if let existing = chapter.exercises.first(where: { $0.fileName == "Ex\($0.id.number)_\(name).swift" }) {
            return Report(kept: [existing.referenceFile, existing.testsFile, chapter.path].compactMap { $0 })
        }
        let id = ExerciseID(chapter: number, number: chapter.exercises.count + 1)
        let file = "Ex\(id.number)_\(name)"
        let function = name.prefix(1).lowercased() + name.dropFirst()
        let heading = "Exercise \(id): \(title)"
        var report = Report()
        try create(WorkbookLayout.moduleSources(module) + "/\(file).swift", """
            /// \(heading): what the learner writes, in one sentence.
            public func \(function)() -> Int {
                \(SolutionMarkers.begin)
                // Why the model answer is written this way, briefly.
                42
                \(SolutionMarkers.starter)
                // 0  // replace with your answer
                \(SolutionMarkers.end)
            }

            """, &report)
        try create(WorkbookLayout.moduleTests(module) + "/\(file)Tests.swift", """
            import Testing
            import \(module)

            @Suite("\(heading.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\""))")
            struct \(file)Tests {
                @Test("returns the answer")
                func answer() {
                    #expect(\(function)() == 42, "\(function)() returned \\(\(function)()); expected 42")
                }
            }

            """, &report)
        try append(to: chapter.path, unless: "## \(heading)", """

            ## \(heading)

            What to build, exactly, and what "done" means.

            Reference: [\(file).swift](../Sources/\(module)/\(file).swift) ·
            Tests: [\(file)Tests.swift](../Tests/\(module)Tests/\(file)Tests.swift)

            """, &report)
        try append(to: WorkbookLayout.hintsFile(stem: chapter.stem), unless: "## \(heading)", """

            ## \(heading)

            > Hint: a nudge: where to look.

            > Hint: the idea and the API, not the answer.

            """, &report)
        return report
    }

    private func create(_ path: String, _ text: String, _ report: inout Report) throws {
        let url = workbook.url(path)
        if FileManager.default.fileExists(atPath: url.path) {
            report.kept.append(path)
            return
        }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try AtomicFile.write(text, to: url)
        report.written.append(path)
    }

    /// Adds `text` at the end of `path` — or before its `## Recap`, where a chapter's last
    /// exercise goes — unless `marker` is there already.
    private func append(to path: String, unless marker: String, _ text: String, _ report: inout Report) throws {
        let url = workbook.url(path)
        let current = (try? workbook.read(path)) ?? ""
        if current.contains(marker) {
            report.kept.append(path)
            return
        }
        if let recap = current.range(of: "\n## Recap") {
            try AtomicFile.write(current.replacingCharacters(in: recap.lowerBound..<recap.lowerBound, with: text.dropLast()), to: url)
        } else {
            let separator = current.isEmpty || current.hasSuffix("\n") ? "" : "\n"
            try AtomicFile.write(current + separator + text.drop { $0 == "\n" && current.isEmpty }, to: url)
        }
        report.changed.append(path)
    }

    /// Adds the module to `chapterModules` in Package.swift (this workbook's shape); says
    /// what to add by hand when the manifest has another shape.
    private func addToPackage(_ module: String, _ report: inout Report) throws {
        guard let manifest = try? workbook.read(WorkbookLayout.manifest) else { return }
        if manifest.contains("\"\(module)\"") {
            report.kept.append(WorkbookLayout.manifest)
            return
        }
        guard let start = manifest.range(of: "let chapterModules = ["),
              let end = manifest[start.upperBound...].range(of: "]") else {
            report.todo.append("add a .target named \(module) and a .testTarget named \(module)Tests to Package.swift")
            return
        }
        var modules = manifest[start.upperBound..<end.lowerBound].split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        modules.append("\"\(module)\"")
        modules.sort()
        let list = "\n" + modules.map { "    \($0),\n" }.joined()
        try AtomicFile.write(manifest.replacingCharacters(in: start.upperBound..<end.lowerBound, with: list), to: workbook.url(WorkbookLayout.manifest))
        report.changed.append(WorkbookLayout.manifest)
    }
}
