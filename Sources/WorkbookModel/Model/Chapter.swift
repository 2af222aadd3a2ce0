/// A chapter file, parsed: its title, its prose as Markdown blocks, its exercises and
/// its runnable snippets, each with the line it starts on.
public struct Chapter: Sendable, Equatable {
    public var number: Int
    /// The file name's words: `queues` for `03-queues.md`.
    public var slug: String
    public var title: String
    /// The file's path relative to the workbook root (`chapters/03-queues.md`).
    public var path: String
    public var titleLocation: SourceLocation
    /// The document's top-level blocks, in order, for rendering.
    public var blocks: [MarkdownNode]
    public var exercises: [Exercise]
    public var snippets: [Snippet]
    /// The file's text, as it was parsed (nil when not kept): the student edition's leak
    /// audit reads every line of it, and reading all five files again was 4M instructions
    /// of a render's 280M (callgrind).
    public var source: String?

    public init(
        number: Int, slug: String, title: String, path: String, titleLocation: SourceLocation,
        blocks: [MarkdownNode] = [], exercises: [Exercise] = [], snippets: [Snippet] = [], source: String? = nil
    ) {
        self.number = number
        self.slug = slug
        self.title = title
        self.path = path
        self.titleLocation = titleLocation
        self.blocks = blocks
        self.exercises = exercises
        self.snippets = snippets
        self.source = source
    }

    /// `03-queues`: the name of the chapter's folder in the learner's workspace.
    public var stem: String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.hasSuffix(".md") ? String(name.dropLast(3)) : name
    }

    /// The chapter's hints, out of the reading path: `chapters/hints/03-queues.md`.
    package var hintsPath: String { Chapter.hintsPath(forChapterAt: path) }

    /// `chapters/hints/NN-slug.md` for `chapters/NN-slug.md`.
    package static func hintsPath(forChapterAt path: String) -> String {
        var parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let name = parts.popLast() ?? path
        return (parts + [WorkbookLayout.hintsFolderName, name]).joined(separator: "/")
    }

    /// The chapter's Swift module, from its exercises' reference files.
    public var moduleName: String? { exercises.lazy.compactMap(\.moduleName).first }

    public func exercise(_ id: ExerciseID) -> Exercise? { exercises.first { $0.id == id } }

    /// A compact outline of the model, one item a line, for tests:
    /// what the tool understood of the chapter, with lines.
    public func dump() -> String {
        var lines = ["chapter \(number) \(title.debugDescription) \(path) @\(titleLocation.line)"]
        for exercise in exercises {
            let kind = exercise.kind.label.map { " (\($0))" } ?? ""
            lines.append("  exercise \(exercise.id)\(kind) \(exercise.title.debugDescription) @\(exercise.location.line)")
            lines.append("    reference: \(exercise.referenceFile ?? "-")")
            lines.append("    tests: \(exercise.testsFile ?? "-")")
            lines.append("    statement: \(exercise.statement.count) blocks")
            for (index, hint) in exercise.hints.enumerated() {
                lines.append("    hint \(index + 1) @\(hint.location.line): \(hint.text.debugDescription)")
            }
            if let explanation = exercise.explanation {
                lines.append("    why @\(explanation.location.line): \(explanation.text.debugDescription)")
            }
            if let starterError = exercise.starterError { lines.append("    starter error: \(starterError.debugDescription)") }
            if !exercise.uses.isEmpty { lines.append("    uses: \(exercise.uses.map(\.description).joined(separator: ", "))") }
        }
        for snippet in snippets {
            let attributes = snippet.attributes.isEmpty
                ? "" : " [\(snippet.attributes.map(\.rawValue).joined(separator: ", "))]"
            let output = snippet.expectedOutputLocation.map { " output @\($0.line)" } ?? ""
            lines.append("  snippet @\(snippet.location.line)\(attributes)\(output)")
        }
        return lines.joined(separator: "\n")
    }
}
