import Testing
@testable import WorkbookRunning
@testable import WorkbookModel
import WorkbookTestSupport

@Suite("The program generated for snippets")
struct RunningProgramTests {
    let snippet = Snippet(
        location: SourceLocation(path: "chapters/01-demo.md", line: 40),
        source: "# import Diner\nlet dish = Dish(name: \"Fries\")\nprint(dish.name)\n")

    @Test("gives each merged snippet its own file and namespace, dispatched by its fence line")
    func merged() throws {
        let other = Snippet(location: SourceLocation(path: "chapters/01-demo.md", line: 52), source: "print(await total())\n")
        let program = SnippetProgram.merged([snippet, other], chapterPath: "chapters/01-demo.md")
        let files = program.files
        #expect(!program.parseAsLibrary)
        #expect(files.map(\.name) == ["main.swift", "Snippet_L40.swift", "Snippet_L52.swift"])
        #expect(files[0].contents.contains("case \"40\": try Snippet_L40.run()"))
        #expect(files[0].contents.contains("case \"52\": try await Snippet_L52.run()"))
        #expect(files[0].contents.contains("setvbuf(stdout, nil, _IOLBF, 0)"))
        #expect(files[1].contents.contains("static func run() throws {"))
        #expect(files[2].contents.contains("static func run() async throws {"))
    }

    @Test("makes a snippet's function async only when its body awaits or says async", arguments: zip(
        ["let total = await till.balance", "async let menu = loadMenu()", "let work: () async -> Void = {}",
         "for await line in lines { print(line) }", "print(\"await me\") // a false yes costs only time",
         "queue.async { print(1) }", "DispatchQueue.main.asyncAfter(deadline: .now()) {}", "let awaited = 1",
         "print(asyncCount, awaitingTables)", "queue . async { }"],
        [true, true, true, true, true, false, false, false, false, false]))
    func asyncBodies(line: String, needsAsync: Bool) {
        #expect(SnippetProgram.needsAsync(["let x = 1", line]) == needsAsync)
    }

    @Test("hoists the snippet's imports to file scope and keeps every line at its chapter line")
    func lineMapping() throws {
        let file = SnippetProgram.namespaced(snippet, chapterPath: "chapters/01-demo.md")
        let lines = file.contents.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let importIndex = try #require(lines.firstIndex(of: "import Diner"))
        #expect(lines[importIndex - 1] == "#sourceLocation(file: \"chapters/01-demo.md\", line: 41)")
        let bodyStart = try #require(lines.lastIndex(of: "#sourceLocation(file: \"chapters/01-demo.md\", line: 41)"))
        #expect(bodyStart > importIndex)
        // The import's line is left empty, so the next line is chapter line 42.
        #expect(Array(lines[(bodyStart + 1)...(bodyStart + 3)]) == ["", "let dish = Dish(name: \"Fries\")", "print(dish.name)"])
        #expect(lines.contains("@MainActor enum Snippet_L40 {"))
        #expect(lines.contains("import Foundation") && lines.contains("@preconcurrency import Glibc"))
    }

    @Test("compiles a standalone snippet as a whole program, as a library file when it has its own @main")
    func standalone() {
        let plain = SnippetProgram.standalone(snippet, chapterPath: "chapters/01-demo.md")
        #expect(plain.files.map(\.name) == ["main.swift"] && !plain.parseAsLibrary)
        #expect(plain.files[0].contents.contains("import Diner\nlet dish"))
        let withMain = Snippet(location: snippet.location, source: "@main\nstruct App {\n    static func main() { print(1) }\n}\n")
        let program = SnippetProgram.standalone(withMain, chapterPath: "chapters/01-demo.md")
        #expect(program.parseAsLibrary && program.files.map(\.name) == ["Snippet_L40.swift"])
        #expect(!program.files[0].contents.contains("setvbuf"))
    }

    @Test("fails a chapter's snippets on a warning, and only runs a learner's file")
    func warnings() {
        #expect(SnippetProgram.merged([snippet], chapterPath: "chapters/01-demo.md").warningsAreErrors)
        #expect(SnippetProgram.standalone(snippet, chapterPath: "chapters/01-demo.md").warningsAreErrors)
        #expect(!SnippetProgram.script("print(1)\n", displayPath: "play/scratch.swift").warningsAreErrors)
    }

    @Test("points a learner's file's diagnostics at the file itself, from its first line")
    func script() {
        let program = SnippetProgram.script("print(1)\n", displayPath: "play/scratch.swift")
        #expect(program.files.map(\.name) == ["main.swift"])
        #expect(program.files[0].contents.contains("#sourceLocation(file: \"play/scratch.swift\", line: 1)\nprint(1)"))
        #expect(!program.parseAsLibrary)
    }

    @Test("recognises import declarations", arguments: zip(
        ["import Diner", "@testable import Stage", "@preconcurrency import Glibc", "import struct Diner.Dish",
         "  import Diner", "importantValue = 1", "let x = 1", "import", "// import Diner"],
        ["Diner", "Stage", "Glibc", "Diner", nil, nil, nil, nil, nil] as [String?]))
    func imports(line: String, module: String?) {
        #expect(SnippetProgram.importedModule(line) == module)
    }
}

@Suite("A snippet's imports")
struct SnippetImportsTests {
    @Test("are the same read from its source at once as line by line from its compiled lines", arguments: [
        "# import Diner\nlet dish = Dish(name: \"Fries\")\n",
        "@testable import Stage\nimport struct Diner.Order\nimport Foundation\n",
        "// import Nothing\nlet importer = 1\nimportX()\n  import Chapter03Queues\n",
        "import Diner\r\nprint(1)\r\n",
        "#\n# @preconcurrency import Diner.Dish\nprint(\"import Stage\")",
        "",
    ])
    func sameEitherWay(source: String) {
        let snippet = Snippet(location: SourceLocation(path: "chapters/01-demo.md", line: 3), source: source)
        #expect(SnippetProgram.importedModules(of: snippet) == SnippetProgram.importedModules(snippet.compiledLines))
    }

    @Test("are found in every snippet of the workbook's chapters as line by line")
    func chapters() throws {
        let workbook = try Workbook(root: SeededModules.repository)
        let snippets = workbook.chapters.flatMap(\.snippets)
        #expect(snippets.count > 100)
        for snippet in snippets {
            #expect(SnippetProgram.importedModules(of: snippet) == SnippetProgram.importedModules(snippet.compiledLines), "\(snippet.location)")
        }
    }
}
