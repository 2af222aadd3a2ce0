import WorkbookSystem
/// Builds a `Chapter` from a chapter file's Markdown tree and reports every way the
/// file breaks the chapter format (docs/chapter-format.md), each at its line.
package struct ChapterParser {
    /// What parsing found: the chapter (nil when it is too broken to use) and the problems.
    public struct Result: Sendable {
        public var chapter: Chapter?
        public var diagnostics: [Diagnostic]
    }

    /// The chapter file's path relative to the workbook root, used in every location.
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// Parses the raw bytes of a chapter file.
    public func parse(_ bytes: [UInt8]) -> Result {
        // The standard library's validation is fast; the slow one only says where it fails.
        guard let text = String(validating: bytes, as: UTF8.self) else {
            let (line, column) = UTF8Validation.firstInvalidPosition(in: bytes) ?? (1, 1)
            return Result(chapter: nil, diagnostics: [
                Diagnostic(at: location(line, column), "the file is not valid UTF-8 here; save it as UTF-8")
            ])
        }
        return parse(text)
    }

    /// Parses the text of a chapter file.
    public func parse(_ text: String) -> Result {
        var diagnostics: [Diagnostic] = []
        let fileName = path.split(separator: "/").last.map(String.init) ?? path
        let name = ChapterFileName(fileName)
        if name == nil {
            diagnostics.append(Diagnostic(at: location(1), "chapter files are named NN-slug.md (for example 03-queues.md), not '\(fileName)'"))
        }
        if text.allSatisfy(\.isWhitespace) {
            diagnostics.append(Diagnostic(at: location(1), "the chapter is empty; start it with a level-1 heading ('# Title')"))
            return Result(chapter: nil, diagnostics: diagnostics)
        }

        // memchr first: the UTF-8 view's firstIndex cost 3% of a whole render (callgrind).
        if ByteSearch.contains(0, in: text), let offset = text.utf8.firstIndex(of: 0) {
            let before = text.utf8[..<offset]
            let line = before.count(where: { $0 == 10 }) + 1
            let column = before.count - (before.lastIndex(of: 10).map { before.distance(from: before.startIndex, to: $0) + 1 } ?? 0) + 1
            diagnostics.append(Diagnostic(at: location(line, column), "the file holds a NUL byte (U+0000) here; remove it"))
        }
        let (document, tooDeep) = MarkdownParser.parseReportingDepth(text, path: path)
        if let tooDeep {
            diagnostics.append(Diagnostic(at: tooDeep,
                "blocks are nested more than \(MarkdownParser.maximumDepth) deep here (block quotes or lists inside each other); the deeper part is left out"))
        }
        let blocks = document.children
        var builder = Builder(path: path, chapterNumber: name?.number)
        builder.read(blocks)
        diagnostics += builder.diagnostics

        guard let title = builder.title else {
            diagnostics.append(Diagnostic(at: location(1), "the chapter has no title; add a level-1 heading ('# Title')"))
            return Result(chapter: nil, diagnostics: diagnostics.sorted())
        }
        guard let name else { return Result(chapter: nil, diagnostics: diagnostics.sorted()) }
        let chapter = Chapter(
            number: name.number, slug: name.slug, title: title.text, path: path,
            titleLocation: title.location, blocks: blocks,
            exercises: builder.exercises, snippets: builder.snippets, source: text
        )
        return Result(chapter: chapter, diagnostics: diagnostics.sorted())
    }

    private func location(_ line: Int, _ column: Int = 1) -> SourceLocation {
        SourceLocation(path: path, line: line, column: column)
    }
}

/// Walks the top-level blocks once, in order, collecting the title, snippets and
/// exercises and the diagnostics for what does not fit.
private struct Builder {
    let path: String
    let chapterNumber: Int?
    var title: (text: String, location: SourceLocation)?
    var snippets: [Snippet] = []
    var exercises: [Exercise] = []
    var diagnostics: [Diagnostic] = []
    /// The exercise whose section is open, if any.
    private var open: Exercise?
    private var firstDefinition: [ExerciseID: SourceLocation] = [:]
    /// Exercises whose file links were reported already: no second "missing link" error.
    private var badLinks: Set<ExerciseID> = []

    init(path: String, chapterNumber: Int?) {
        self.path = path
        self.chapterNumber = chapterNumber
    }

    mutating func read(_ blocks: [MarkdownNode]) {
        var index = blocks.startIndex
        while index < blocks.endIndex {
            let block = blocks[index]
            index += 1
            if block.kind == .heading {
                readHeading(block)
                continue
            }
            if block.kind == .codeBlock, let words = infoWords(block), words.first == "output" {
                error(at: block.location, "an output block must come right after a `swift run` snippet")
                continue
            }
            if block.kind == .codeBlock, let words = infoWords(block), words.starts(with: ["swift", "run"]) {
                let next = index < blocks.endIndex ? blocks[index] : nil
                let output = next.flatMap { $0.kind == .codeBlock && infoWords($0)?.first == "output" ? $0 : nil }
                if output != nil { index += 1 }
                readSnippet(block, attributes: Array(words.dropFirst(2)), output: output)
                if snippets.last?.has(.predict) == true { readProgram(block) }
                open?.statement.append(block)
                if let output { open?.statement.append(output) }
                continue
            }
            reportNestedSnippets(in: block)
            if open != nil { readExerciseBlock(block) }
        }
        closeExercise()
    }

    // MARK: Headings and exercises

    private mutating func readHeading(_ heading: MarkdownNode) {
        let level = heading.level ?? 1
        if let current = open, level <= current.headingLevel { closeExercise() }
        let text = heading.plainText.trimmingWhitespace
        if level == 1, title == nil {
            title = (text, heading.location)
        }
        guard text == "Exercise" || text.hasPrefix("Exercise ") else {
            open?.statement.append(heading)
            return
        }
        guard level == 2 || level == 3 else {
            error(at: heading.location, "exercise headings are level 2 or 3 (## or ###), not level \(level)")
            return
        }
        guard let (id, exerciseTitle) = parseExerciseHeading(text) else {
            error(at: heading.location, "an exercise heading reads 'Exercise N.M: Title', not '\(text)'")
            return
        }
        closeExercise()  // a new exercise ends the one before, whatever their levels
        if let chapterNumber, id.chapter != chapterNumber {
            error(at: heading.location, "exercise \(id) is in chapter \(chapterNumber); number it \(chapterNumber).\(id.number)")
        }
        if let first = firstDefinition[id] {
            error(at: heading.location, "exercise \(id) is defined twice (first at line \(first.line))")
        } else {
            firstDefinition[id] = heading.location
        }
        open = Exercise(id: id, title: exerciseTitle, location: heading.location, headingLevel: level)
    }

    private func parseExerciseHeading(_ text: String) -> (ExerciseID, String)? {
        let rest = text.dropFirst("Exercise".count).trimmingWhitespace
        guard let colon = rest.firstIndex(of: ":"),
              let id = ExerciseID(String(rest[..<colon]).trimmingWhitespace)
        else { return nil }
        let exerciseTitle = rest[rest.index(after: colon)...].trimmingWhitespace
        return exerciseTitle.isEmpty ? nil : (id, exerciseTitle)
    }

    private mutating func closeExercise() {
        guard var exercise = open else { return }
        open = nil
        switch exercise.kind.judge {
        case .prediction:
            closePrediction(exercise)
            return
        case .tests:
            break
        }
        if exercise.starterError != nil { exercise.kind = .compile }
        if exercise.sanitizer != nil {
            if exercise.starterError != nil {
                error(at: exercise.filesLocation ?? exercise.location,
                      "exercise \(exercise.id) cannot have both a 'Starter error:' and a 'Sanitizer:'; a race exercise's starter compiles")
            } else {
                exercise.kind = .race
            }
        }
        if exercise.referenceFile == nil || exercise.testsFile == nil, !badLinks.contains(exercise.id) {
            let missing = [exercise.referenceFile == nil ? "Reference:" : nil, exercise.testsFile == nil ? "Tests:" : nil]
                .compactMap { $0 }.joined(separator: " and ")
            error(at: exercise.filesLocation ?? exercise.location,
                  "exercise \(exercise.id) has no \(missing) link; add a paragraph 'Reference: [file](../Sources/…) · Tests: [file](../Tests/…)'")
        }
        exercises.append(exercise)
    }

    /// A predict exercise names its reference prediction (a `.txt` file) and no tests:
    /// its program's real output is what the prediction is checked against.
    private mutating func closePrediction(_ exercise: Exercise) {
        let at = exercise.filesLocation ?? exercise.location
        if exercise.referenceFile == nil, !badLinks.contains(exercise.id) {
            error(at: at, "predict exercise \(exercise.id) has no Reference: link; add 'Reference: [ExM_Name.txt](../Sources/…/ExM_Name.txt)', the reference prediction")
        } else if let reference = exercise.referenceFile, !reference.hasSuffix(".txt") {
            error(at: at, "the reference of predict exercise \(exercise.id) is the prediction, a .txt file, not \(reference)")
        }
        if exercise.testsFile != nil {
            error(at: at, "predict exercise \(exercise.id) takes no Tests: link; its program's own output is the test")
        }
        if exercise.starterError != nil {
            error(at: at, "predict exercise \(exercise.id) cannot have a 'Starter error:'; that is for compile exercises")
        }
        if exercise.sanitizer != nil {
            error(at: at, "predict exercise \(exercise.id) cannot have a 'Sanitizer:'; that is for race exercises")
        }
        exercises.append(exercise)
    }

    private mutating func readExerciseBlock(_ block: MarkdownNode) {
        // Only quotes and paragraphs can be hints or the files paragraph: the text of
        // other blocks (code, lists) is not worked out.
        let text = block.kind == .blockQuote || block.kind == .paragraph ? block.plainText.trimmingWhitespace : ""
        if block.kind == .blockQuote, text.hasPrefix("Hint:") || text.hasPrefix("Why:"), let exercise = open {
            // Under its exercise a hint is read by everyone who reads the statement.
            error(at: block.location, "hints do not go in the chapter, where every reader sees them: move this one to \(Chapter.hintsPath(forChapterAt: path)) under '## Exercise \(exercise.id)'")
        } else if block.kind == .paragraph, text.hasPrefix("Reference:") || text.hasPrefix("Starter:") {
            // `Starter:` is a student release's (`workbook release`): its module file is the starter.
            readFilesParagraph(block)
        } else {
            open?.statement.append(block)
        }
    }

    /// Reads `Reference: [a](…) · Tests: [b](…)`: each link belongs to the label
    /// written before it.
    private mutating func readFilesParagraph(_ paragraph: MarkdownNode) {
        guard var exercise = open else { return }
        if exercise.filesLocation != nil {
            error(at: paragraph.location, "exercise \(exercise.id) already has a 'Reference:' paragraph (line \(exercise.filesLocation!.line))")
            return
        }
        exercise.filesLocation = paragraph.location
        var label: String?
        for inline in paragraph.children {
            if inline.kind == .text, var literal = inline.literal {
                if let points = literal.range(of: "Points:") {
                    literal = readPoints(literal, after: points, into: &exercise, at: paragraph.location)
                }
                if let allows = literal.range(of: "Allows:") {
                    literal = readAllows(literal, after: allows, into: &exercise, at: paragraph.location)
                }
                if let sanitizer = literal.range(of: "Sanitizer:") {
                    literal = readSanitizer(literal, after: sanitizer, into: &exercise, at: paragraph.location)
                }
                if ByteSearch.contains("Tests:", in: literal) {
                    label = "Tests"
                } else if ByteSearch.contains("Reference:", in: literal) {
                    label = "Reference"
                } else if ByteSearch.contains("Starter error:", in: literal) {
                    label = "Starter error"
                } else if ByteSearch.contains("Starter:", in: literal) {
                    label = "Reference"
                } else if ByteSearch.contains("Forbids:", in: literal) {
                    label = "Forbids"
                } else if let uses = literal.range(of: "Uses:") {
                    label = nil
                    readUses(String(literal[uses.upperBound...]), into: &exercise, at: paragraph.location)
                }
            } else if inline.kind == .code, label == "Starter error", let literal = inline.literal {
                exercise.starterError = literal
                label = nil
            } else if inline.kind == .code, label == "Forbids", let literal = inline.literal {
                // Each construct in backticks, as the statement spells it; the label stays for the next.
                if !ForbiddenConstructs.names.contains(literal) {
                    error(at: paragraph.location, "'Forbids:' takes constructs in backticks (\(ForbiddenConstructs.names.map { "`\($0)`" }.joined(separator: ", "))), not `\(literal)`")
                } else if !exercise.forbids.contains(literal) {
                    exercise.forbids.append(literal)
                }
            } else if inline.kind == .link, let destination = inline.destination, let current = label {
                guard let resolved = resolve(destination, at: paragraph.location) else {
                    badLinks.insert(exercise.id)
                    continue
                }
                if current == "Reference", exercise.referenceFile == nil { exercise.referenceFile = resolved }
                if current == "Tests", exercise.testsFile == nil { exercise.testsFile = resolved }
                label = nil
            }
        }
        open = exercise
    }

    /// `Points: 3`: what the exercise is worth, a whole number from 1 to 1000 (the range
    /// `workbook classroom --points` takes). Returns the text with that part taken out, so
    /// the labels around it still read.
    private mutating func readPoints(
        _ literal: String, after label: Range<String.Index>, into exercise: inout Exercise, at location: SourceLocation
    ) -> String {
        let rest = literal[label.upperBound...]
        let end = rest.firstIndex(of: "·") ?? rest.endIndex
        let value = String(rest[..<end]).trimmingWhitespace
        if let number = Int(value), (1...1000).contains(number) {
            exercise.statedPoints = number
        } else {
            error(at: location, "'Points:' takes a whole number from 1 to 1000 (what exercise \(exercise.id) is worth), not '\(value)'")
        }
        return String(literal[..<label.lowerBound]) + String(rest[end...])
    }

    /// `Allows: Process, exit`: escape hatches (`EscapeHatches.table`) the exercise's
    /// submissions may use without a note. Returns the text with that part taken out.
    private mutating func readAllows(
        _ literal: String, after label: Range<String.Index>, into exercise: inout Exercise, at location: SourceLocation
    ) -> String {
        let rest = literal[label.upperBound...]
        let end = rest.firstIndex(of: "·") ?? rest.endIndex
        for word in rest[..<end].split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\n" }) where !word.isEmpty {
            let name = String(word)
            if EscapeHatches.allowable.contains(name) {
                if !exercise.allows.contains(name) { exercise.allows.append(name) }
            } else {
                error(at: location, "'Allows:' takes escape-hatch names (\(EscapeHatches.allowable.joined(separator: ", "))), not '\(name)'")
            }
        }
        return String(literal[..<label.lowerBound]) + String(rest[end...])
    }

    /// `Sanitizer: thread`: a race exercise, whose tests run again under the Thread
    /// Sanitizer (`-sanitize=thread`). Returns the text with that part taken out.
    private mutating func readSanitizer(
        _ literal: String, after label: Range<String.Index>, into exercise: inout Exercise, at location: SourceLocation
    ) -> String {
        let rest = literal[label.upperBound...]
        let end = rest.firstIndex(of: "·") ?? rest.endIndex
        let value = String(rest[..<end]).trimmingWhitespace
        if value == "thread" {
            exercise.sanitizer = value
        } else {
            error(at: location, "'Sanitizer:' takes 'thread' (the Thread Sanitizer, the one the grader runs), not '\(value)'")
        }
        return String(literal[..<label.lowerBound]) + String(rest[end...])
    }

    /// `Uses: 4.2, 4.3`: earlier exercises whose learner code this one builds on.
    private mutating func readUses(_ text: String, into exercise: inout Exercise, at location: SourceLocation) {
        for word in text.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "·" }) where !word.isEmpty {
            guard let id = ExerciseID(String(word)) else {
                error(at: location, "'Uses:' lists exercise ids such as 4.2, not '\(word)'")
                continue
            }
            guard id.chapter == exercise.id.chapter, id.number < exercise.id.number else {
                error(at: location, "exercise \(exercise.id) can use only earlier exercises of its chapter, not \(id)")
                continue
            }
            exercise.uses.append(id)
        }
    }

    /// Turns a link relative to the chapter into a path relative to the workbook root.
    private mutating func resolve(_ destination: String, at location: SourceLocation) -> String? {
        if destination.utf8.contains(UInt8(ascii: ":")) || destination.hasPrefix("/") {
            error(at: location, "'\(destination)' must be a path relative to the chapter, such as ../Sources/…")
            return nil
        }
        // Split by bytes: Characters are slow, and every exercise has two links.
        var parts = path.utf8.split(separator: UInt8(ascii: "/")).dropLast().map { String(decoding: $0, as: UTF8.self) }
        for part in destination.utf8.split(separator: UInt8(ascii: "/")).map({ String(decoding: $0, as: UTF8.self) }) {
            switch part {
            case ".": continue
            case "..":
                if parts.isEmpty {
                    error(at: location, "'\(destination)' points outside the workbook")
                    return nil
                }
                parts.removeLast()
            default: parts.append(String(part))
            }
        }
        return parts.joined(separator: "/")
    }

    // MARK: Snippets

    private mutating func readSnippet(_ block: MarkdownNode, attributes words: [String], output: MarkdownNode?) {
        var attributes: [Snippet.Attribute] = []
        for word in words {
            if let attribute = Snippet.Attribute(rawValue: word) {
                if !attributes.contains(attribute) { attributes.append(attribute) }
            } else {
                let known = Snippet.Attribute.allCases.map(\.rawValue).joined(separator: ", ")
                error(at: block.location, "unknown snippet attribute '\(word)'; the attributes are \(known)")
            }
        }
        let source = block.literal ?? ""
        if source.allSatisfy(\.isWhitespace) {
            error(at: block.location, "this `swift run` snippet is empty")
        }
        if attributes.contains(.figure) {
            if let output {
                error(at: output.location, "a figure snippet prints SVG and takes no output block; remove it")
            }
        } else if attributes.contains(.predict) {
            if let output {
                error(at: output.location, "a predict program's output is the exercise's answer: remove this output block (the reference prediction is the expected output)")
            }
        } else if output == nil {
            error(at: block.location, "this `swift run` snippet has no expected output; add an ```output block right after it")
        }
        snippets.append(Snippet(
            location: block.location, source: source, attributes: attributes,
            expectedOutput: attributes.contains(.figure) || attributes.contains(.predict) ? nil : output?.literal,
            expectedOutputLocation: attributes.contains(.figure) || attributes.contains(.predict) ? nil : output?.location
        ))
    }

    /// A `swift run predict` snippet is the program of the exercise it sits in.
    private mutating func readProgram(_ block: MarkdownNode) {
        guard var exercise = open else {
            error(at: block.location, "a `swift run predict` snippet is a predict exercise's program; put it inside its exercise's section")
            return
        }
        if let first = exercise.programLine {
            error(at: block.location, "exercise \(exercise.id) already has its program (line \(first)); a predict exercise has one")
            return
        }
        exercise.kind = .predict
        exercise.programLine = block.location.line
        open = exercise
    }

    /// Runnable snippets must be top-level blocks; one inside a list or a quote would
    /// silently never run.
    private mutating func reportNestedSnippets(in block: MarkdownNode) {
        // By index, so that no node is copied: this visits every node of the chapter.
        for index in block.children.indices {
            if block.children[index].kind == .codeBlock, let words = infoWords(block.children[index]),
               words.starts(with: ["swift", "run"]) || words.first == "output" {
                error(at: block.children[index].location, "`\(words.joined(separator: " "))` blocks must be top-level, not inside a list or quote")
            }
            if !block.children[index].children.isEmpty { reportNestedSnippets(in: block.children[index]) }
        }
    }

    // MARK: Helpers

    private func infoWords(_ block: MarkdownNode) -> [String]? {
        block.info.map { info in
            // ASCII, as info strings are: split by bytes; by Characters otherwise.
            guard ByteSearch.isASCII(info) else { return info.split(whereSeparator: \.isWhitespace).map(String.init) }
            return info.utf8.split { $0 == 0x20 || ($0 >= 0x09 && $0 <= 0x0D) }.map { String(decoding: $0, as: UTF8.self) }
        }
    }

    private mutating func error(at location: SourceLocation, _ message: String) {
        diagnostics.append(Diagnostic(at: location, message))
    }
}

extension StringProtocol {
    package var trimmingWhitespace: String {
        // ASCII text (nearly all of it) by its bytes: each byte a Character, the white
        // space tab to carriage return and space.
        if let trimmed = utf8.withContiguousStorageIfAvailable(Self.trimmingASCIIWhitespace), let trimmed {
            return trimmed
        }
        // Index-based: the reversed/drop/reversed form copied every line twice, and the
        // solution markers and handouts trim every line of every file.
        guard let first = firstIndex(where: { !$0.isWhitespace }),
              let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(self[first...last])
    }

    /// nil when `bytes` are not all ASCII.
    private static func trimmingASCIIWhitespace(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }
        guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
        var start = 0, end = bytes.count
        while start < end, isWhitespace(bytes[start]) { start += 1 }
        while end > start, isWhitespace(bytes[end - 1]) { end -= 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }
}
