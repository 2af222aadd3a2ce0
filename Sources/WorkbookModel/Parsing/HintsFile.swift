/// A chapter's hints file, `chapters/hints/NN-slug.md`: hints live there, not under
/// their exercise, so that no reader of the chapter — in an editor, on GitHub, in a
/// terminal or a handout — sees one without asking (`workbook hint`).
///
/// ```markdown
/// # Hints: Queues
///
/// ## Exercise 3.2
///
/// > Hint: which queue is allowed to touch the chalkboard?
///
/// > Hint: …
/// ```
///
/// A predict exercise's section also holds its explanation, `> Why: …`, shown once the
/// prediction is right.
package struct HintsFile: Sendable {
    public struct Section: Sendable {
        public var id: ExerciseID
        /// The heading's title after `Exercise N.M:`, when it repeats one.
        public var title: String?
        public var location: SourceLocation
        public var hints: [Hint] = []
        public var explanation: Hint?
    }

    public var path: String
    public var sections: [Section] = []
    public var diagnostics: [Diagnostic] = []

    /// Reads the file's text; everything before the first `## Exercise N.M` is prose for
    /// whoever opens the file.
    public init(path: String, text: String) {
        self.path = path
        var open: Section?
        for block in MarkdownParser.parse(text, path: path).children {
            if block.kind == .heading, block.level == 2 {
                if let open { sections.append(open) }
                open = section(from: block)
                continue
            }
            guard var current = open else { continue }
            if let hint = HintQuote.read(block, label: "Hint:") {
                current.hints.append(hint)
            } else if let why = HintQuote.read(block, label: "Why:") {
                if current.explanation != nil {
                    diagnostics.append(Diagnostic(at: block.location, "exercise \(current.id) already has its '> Why:' explanation"))
                }
                current.explanation = why
            } else {
                diagnostics.append(Diagnostic(at: block.location, "under '## Exercise \(current.id)' go only '> Hint: …' quotes (and a predict exercise's '> Why: …'); start this one with 'Hint:'"))
            }
            open = current
        }
        if let open { sections.append(open) }
    }

    private mutating func section(from heading: MarkdownNode) -> Section? {
        let text = heading.plainText.trimmingWhitespace
        var rest = Substring(text)
        guard rest.hasPrefix("Exercise ") else {
            diagnostics.append(Diagnostic(at: heading.location, "a hints file's sections are headed '## Exercise N.M', not '\(text)'"))
            return nil
        }
        rest = rest.dropFirst("Exercise ".count)
        var title: String?
        if let colon = rest.firstIndex(of: ":") {
            title = rest[rest.index(after: colon)...].trimmingWhitespace
            rest = rest[..<colon]
        }
        guard let id = ExerciseID(rest.trimmingWhitespace) else {
            diagnostics.append(Diagnostic(at: heading.location, "a hints file's sections are headed '## Exercise N.M', not '\(text)'"))
            return nil
        }
        return Section(id: id, title: title?.isEmpty == false ? title : nil, location: heading.location)
    }

    /// Gives each of `chapter`'s exercises its hints and explanation, and reports what
    /// does not fit: hints for an exercise the chapter lacks, a section twice, a title
    /// that differs from the chapter's, fewer than two hints, a predict exercise with no
    /// explanation. `file` is nil when the chapter has no hints file.
    package static func attach(_ file: HintsFile?, to chapter: inout Chapter) -> [Diagnostic] {
        var diagnostics = file?.diagnostics ?? []
        var seen: [ExerciseID: SourceLocation] = [:]
        for section in file?.sections ?? [] {
            if let first = seen[section.id] {
                diagnostics.append(Diagnostic(at: section.location, "exercise \(section.id) has a hints section already (line \(first.line)); merge the two"))
                continue
            }
            seen[section.id] = section.location
            guard let index = chapter.exercises.firstIndex(where: { $0.id == section.id }) else {
                let known = chapter.exercises.map(\.id.description).joined(separator: ", ")
                diagnostics.append(Diagnostic(at: section.location, "hints for exercise \(section.id), which \(chapter.path) does not have (its exercises: \(known.isEmpty ? "none" : known))"))
                continue
            }
            if let title = section.title, title != chapter.exercises[index].title {
                diagnostics.append(Diagnostic(at: section.location, "the exercise's title is '\(chapter.exercises[index].title)' in \(chapter.path), not '\(title)'; use it, or leave the title out"))
            }
            chapter.exercises[index].hints = section.hints
            chapter.exercises[index].explanation = section.explanation
        }
        let path = chapter.hintsPath
        for exercise in chapter.exercises {
            if exercise.hints.count < 2 {
                diagnostics.append(Diagnostic(at: exercise.location, "exercise \(exercise.id) has \(exercise.hints.count) hint(s) in \(path); give at least two under '## Exercise \(exercise.id)' ('> Hint: …'), from a nudge to the idea and the API"))
            }
            if exercise.kind.judge == .prediction, exercise.explanation == nil {
                diagnostics.append(Diagnostic(at: exercise.location, "predict exercise \(exercise.id) has no '> Why: …' in \(path); it explains the output once the prediction is right"))
            } else if exercise.kind.judge == .tests, let why = exercise.explanation {
                diagnostics.append(Diagnostic(at: why.location, "only predict exercises have a '> Why:' explanation; \(exercise.id) is a \(exercise.kind.rawValue) exercise"))
            }
        }
        return diagnostics
    }
}
