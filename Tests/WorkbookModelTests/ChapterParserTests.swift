import Testing
@testable import WorkbookRendering
@testable import WorkbookModel

/// Parses `text` as a chapter at `path`.
func parseChapter(_ text: String, path: String = "chapters/03-queues.md") -> ChapterParser.Result {
    ChapterParser(path: path).parse(text)
}

let wellFormedChapter = """
# Queues, one at a time

By the end you can move slow work off the main queue.

```objc
dispatch_queue_t queue = dispatch_queue_create("com.example.diner", NULL);
```

```swift run
let queue = DispatchQueue(label: "com.example.diner")
queue.sync { print("on the diner's queue") }
```

```output
on the diner's queue
```

## Exercise 3.1: Create the diner's queue

Create a serial queue labelled `com.example.diner`.

```swift run crash
# import Dispatch
print("before")
fatalError("stop")
```

```output
before
```

Reference: [Ex1_Queue.swift](../Sources/Chapter03Queues/Ex1_Queue.swift) ·
Tests: [Ex1_QueueTests.swift](../Tests/Chapter03QueuesTests/Ex1_QueueTests.swift)

### Exercise 3.2: Hop back to the main queue

Set the label on the main queue.

Reference: [Ex2_Hop.swift](../Sources/Chapter03Queues/Ex2_Hop.swift) · Tests: [Ex2_HopTests.swift](../Tests/Chapter03QueuesTests/Ex2_HopTests.swift)

## Recap

```swift run figure
print("<svg></svg>")
```
"""

/// The hints of `wellFormedChapter`, in their own file.
let wellFormedHints = """
# Hints: Queues

Read one only when stuck.

## Exercise 3.1: Create the diner's queue

> Hint: a queue is serial unless you ask for `.concurrent`.

> Hint: `DispatchQueue(label: …)` takes a label.

## Exercise 3.2

> Hint: **which** queue owns the UI?

> Hint: the main queue's `async`.
"""

/// `wellFormedChapter` with its hints attached, and what attaching reported.
func wellFormedChapterWithHints() throws -> (Chapter, [Diagnostic]) {
    var chapter = try #require(parseChapter(wellFormedChapter).chapter)
    let diagnostics = HintsFile.attach(HintsFile(path: "chapters/hints/03-queues.md", text: wellFormedHints), to: &chapter)
    return (chapter, diagnostics)
}

@Suite("The chapter parser")
struct ChapterParserTests {
    @Test("reads title, exercises, hints, files and snippets with their lines")
    func dumpOfWellFormedChapter() throws {
        let result = parseChapter(wellFormedChapter)
        #expect(result.diagnostics == [])
        let (chapter, hintProblems) = try wellFormedChapterWithHints()
        #expect(hintProblems == [])
        #expect(chapter.dump() == """
        chapter 3 "Queues, one at a time" chapters/03-queues.md @1
          exercise 3.1 "Create the diner\\'s queue" @18
            reference: Sources/Chapter03Queues/Ex1_Queue.swift
            tests: Tests/Chapter03QueuesTests/Ex1_QueueTests.swift
            statement: 3 blocks
            hint 1 @7: "a queue is serial unless you ask for `.concurrent`."
            hint 2 @9: "`DispatchQueue(label: …)` takes a label."
          exercise 3.2 "Hop back to the main queue" @35
            reference: Sources/Chapter03Queues/Ex2_Hop.swift
            tests: Tests/Chapter03QueuesTests/Ex2_HopTests.swift
            statement: 1 blocks
            hint 1 @13: "which queue owns the UI?"
            hint 2 @15: "the main queue\\'s `async`."
          snippet @9 output @14
          snippet @22 [crash] output @28
          snippet @43 [figure]
        """)
    }

    @Test("keeps the slug, the stem and the module of the chapter")
    func names() throws {
        let chapter = try #require(parseChapter(wellFormedChapter).chapter)
        #expect(chapter.slug == "queues")
        #expect(chapter.stem == "03-queues")
        #expect(chapter.moduleName == "Chapter03Queues")
        #expect(chapter.exercises[0].suiteName == "Ex1_QueueTests")
        #expect(chapter.exercises[0].fileName == "Ex1_Queue.swift")
    }

    @Test("separates hidden setup lines from the lines a reader sees")
    func hiddenLines() throws {
        let snippet = try #require(parseChapter(wellFormedChapter).chapter?.snippets[1])
        #expect(snippet.compiledLines == ["import Dispatch", "print(\"before\")", "fatalError(\"stop\")"])
        #expect(snippet.visibleLines == ["print(\"before\")", "fatalError(\"stop\")"])
        #expect(snippet.expectedOutput == "before\n")
        #expect(snippet.firstCodeLine == 23)
    }

    @Test("renders prose in cmark's safe mode")
    func safeHTML() throws {
        let chapter = try #require(parseChapter("""
        # Title

        <script>alert(1)</script>

        A [link](javascript:alert(1)) and *emphasis*.
        """).chapter)
        let html = MarkdownHTML.html(chapter.blocks)
        #expect(!html.contains("<script>"))
        #expect(!html.contains("javascript:"))
        #expect(html.contains("<em>emphasis</em>"))
    }

    @Test("gives hints as text and as HTML without their label")
    func hintHTML() throws {
        let hint = try #require(try wellFormedChapterWithHints().0.exercises[1].hints.first)
        #expect(MarkdownHTML.html(hint.content) == "<p><strong>which</strong> queue owns the UI?</p>\n")
        #expect(hint.text == "which queue owns the UI?")
        #expect(hint.location.path == "chapters/hints/03-queues.md")
    }

    @Test("leaves plain swift blocks alone: they are for display")
    func displayOnlyBlocks() throws {
        let chapter = try #require(parseChapter("# T\n\n```swift\nlet x = 1\n```\n").chapter)
        #expect(chapter.snippets.isEmpty)
    }

    @Test("dumps the Markdown tree with lines")
    func markdownDump() {
        let tree = MarkdownParser.parse("# Hi\n\nSome *text*.\n", path: "x.md")
        #expect(tree.dump() == """
        document @1:1
          heading(level: 1) @1:1
            text "Hi"
          paragraph @3:1
            text "Some "
            emphasis
              text "text"
            text "."
        """)
    }
}

/// A chapter that breaks one rule, and the one diagnostic it must produce.
struct MalformedChapter: CustomTestStringConvertible, Sendable {
    var name: String
    var path: String = "chapters/03-queues.md"
    var text: String
    var line: Int
    var message: String

    var testDescription: String { name }
}

let malformedChapters: [MalformedChapter] = [
    MalformedChapter(name: "an empty file", path: "chapters/06-empty.md", text: "", line: 1, message: "the chapter is empty"),
    MalformedChapter(name: "no title", text: "Just prose.\n\n## A section\n", line: 1, message: "the chapter has no title"),
    MalformedChapter(name: "a badly named file", path: "chapters/queues.md", text: "# T\n", line: 1, message: "chapter files are named NN-slug.md"),
    MalformedChapter(name: "an unknown attribute", text: "# T\n\n```swift run crahs\nprint(1)\n```\n\n```output\n1\n```\n", line: 3, message: "unknown snippet attribute 'crahs'"),
    MalformedChapter(name: "a snippet without output", text: "# T\n\nProse.\n\n```swift run\nprint(1)\n```\n\nMore prose.\n", line: 5, message: "has no expected output"),
    MalformedChapter(name: "an output block after nothing", text: "# T\n\n```swift\nprint(1)\n```\n\n```output\n1\n```\n", line: 7, message: "an output block must come right after"),
    MalformedChapter(name: "a figure with an output block", text: "# T\n\n```swift run figure\nprint(\"<svg/>\")\n```\n\n```output\n<svg/>\n```\n", line: 7, message: "a figure snippet prints SVG and takes no output block"),
    MalformedChapter(name: "a malformed exercise heading", text: "# T\n\n## Exercise three: Queues\n", line: 3, message: "an exercise heading reads 'Exercise N.M: Title'"),
    MalformedChapter(name: "an exercise of another chapter", text: exercise("2.1"), line: 3, message: "exercise 2.1 is in chapter 3; number it 3.1"),
    MalformedChapter(name: "a duplicate exercise id", text: exercise("3.1") + "\n" + exercise("3.1", title: false), line: 9, message: "exercise 3.1 is defined twice (first at line 3)"),
    MalformedChapter(name: "an exercise without files", text: "# T\n\n## Exercise 3.1: Q\n\nDo it.\n", line: 3, message: "exercise 3.1 has no Reference: and Tests: link"),
    MalformedChapter(name: "a hint under its exercise", text: "# T\n\n## Exercise 3.1: Q\n\nReference: [a](../Sources/M/A.swift) · Tests: [b](../Tests/MTests/ATests.swift)\n\n> Hint: in plain sight\n", line: 7, message: "hints do not go in the chapter, where every reader sees them: move this one to chapters/hints/03-queues.md under '## Exercise 3.1'"),
    MalformedChapter(name: "a link out of the workbook", text: "# T\n\n## Exercise 3.1: Q\n\nReference: [a](../../etc/passwd) · Tests: [b](../Tests/MTests/ATests.swift)\n", line: 5, message: "points outside the workbook"),
    MalformedChapter(name: "a predict program outside an exercise", text: "# T\n\n```swift run predict\nprint(1)\n```\n", line: 3, message: "a `swift run predict` snippet is a predict exercise's program"),
    MalformedChapter(name: "a predict program with an output block", text: "# T\n\n## Exercise 3.1: Q\n\n```swift run predict\nprint(1)\n```\n\n```output\n1\n```\n\nReference: [a](../Sources/M/A.txt)\n", line: 9, message: "a predict program's output is the exercise's answer"),
    MalformedChapter(name: "a predict exercise with tests", text: "# T\n\n## Exercise 3.1: Q\n\n```swift run predict\nprint(1)\n```\n\nReference: [a](../Sources/M/A.txt) · Tests: [b](../Tests/MTests/ATests.swift)\n", line: 9, message: "predict exercise 3.1 takes no Tests: link"),
    MalformedChapter(name: "a predict exercise whose reference is Swift", text: "# T\n\n## Exercise 3.1: Q\n\n```swift run predict\nprint(1)\n```\n\nReference: [a](../Sources/M/A.swift)\n", line: 9, message: "the reference of predict exercise 3.1 is the prediction, a .txt file"),
    MalformedChapter(name: "a use of a later exercise", text: "# T\n\n## Exercise 3.1: Q\n\nReference: [a](../Sources/M/A.swift) · Tests: [b](../Tests/MTests/ATests.swift) · Uses: 3.2\n", line: 5, message: "exercise 3.1 can use only earlier exercises of its chapter, not 3.2"),
    MalformedChapter(name: "a runnable snippet inside a list", text: "# T\n\n- item\n\n  ```swift run\n  print(1)\n  ```\n", line: 5, message: "blocks must be top-level"),
    MalformedChapter(name: "an exercise heading at level 4", text: "# T\n\n#### Exercise 3.1: Q\n", line: 3, message: "exercise headings are level 2 or 3"),
]

/// A well-formed exercise section (with a title line when `title` is true).
func exercise(_ id: String, title: Bool = true) -> String {
    (title ? "# T\n\n" : "") + """
    ## Exercise \(id): Something

    Do it.

    Reference: [a](../Sources/M/A\(id).swift) · Tests: [b](../Tests/MTests/A\(id)Tests.swift)

    """
}

@Suite("A malformed chapter")
struct MalformedChapterTests {
    @Test("is reported once, on the right line, with the right message", arguments: malformedChapters)
    func diagnosed(_ chapter: MalformedChapter) {
        let result = parseChapter(chapter.text, path: chapter.path)
        #expect(result.diagnostics.count == 1, "\(result.diagnostics)")
        let diagnostic = result.diagnostics.first
        #expect(diagnostic?.location.path == chapter.path)
        #expect(diagnostic?.location.line == chapter.line)
        #expect(diagnostic?.message.contains(chapter.message) == true, "\(diagnostic?.message ?? "nothing")")
        #expect(diagnostic?.description.hasPrefix("\(chapter.path):\(chapter.line):") == true)
    }

    @Test("with invalid UTF-8 names the line where it starts")
    func invalidUTF8() {
        let bytes = Array("# Title\n\nFine line.\nBad: ".utf8) + [0xC3, 0x28] + Array(" here\n".utf8)
        let result = ChapterParser(path: "chapters/01-blocks.md").parse(bytes)
        #expect(result.chapter == nil)
        #expect(result.diagnostics.map(\.description) == [
            "chapters/01-blocks.md:4:6: error: the file is not valid UTF-8 here; save it as UTF-8"
        ])
    }
}

@Suite("An exercise id")
struct ExerciseIDTests {
    @Test("parses N.M and nothing else", arguments: zip(
        ["3.2", "10.1", "3", "3.x", "3.2.1", "0.1", "3.", ".2", "-3.2", "３.２"],
        [ExerciseID(chapter: 3, number: 2), ExerciseID(chapter: 10, number: 1), nil, nil, nil, nil, nil, nil, nil, nil]))
    func parse(_ text: String, _ expected: ExerciseID?) {
        #expect(ExerciseID(text) == expected)
    }

    @Test("sorts by chapter, then by number")
    func order() {
        #expect(ExerciseID("2.10")! > ExerciseID("2.9")!)
        #expect(ExerciseID("3.1")! > ExerciseID("2.9")!)
    }
}
