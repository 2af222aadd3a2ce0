import Foundation
import Testing
import WorkbookRunning
import WorkbookTestSupport
import WorkbookModel
import WorkbookSystem
import WorkbookToolchain

/// Issue 21: a started workspace is understood by a real sourcekit-lsp, driven over
/// stdio by `scripts/lsp-check.py`, with the editor opened on the root and on exercises/.
@Suite("Editor support", .serialized, .tags(.compiles))
struct EditorSupportTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let client = repository.appendingPathComponent("scripts/lsp-check.py")

    /// sourcekit-lsp beside the toolchain's swiftc (where the toolchain ships it), else on the PATH.
    static let server: String? = {
        var candidates: [String] = []
        if let swiftc = try? SwiftToolchain.forTests().swiftc {
            candidates.append(URL(fileURLWithPath: swiftc).resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("sourcekit-lsp").path)
        }
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            candidates.append("\(folder)/sourcekit-lsp")
        }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// The repository's chapters and modules in a fresh root, so `start` writes nothing here.
    static func workbookCopy() throws -> URL { try CourseCopy.make(prefix: "wb-editor", tests: false) }

    struct Answer: Decodable {
        var diagnostics: [String]
        var completions: [String]
        var definition: String?
    }

    static func ask(workspace: URL, file: URL, after: String, definition: String? = nil) async throws -> Answer {
        var arguments = [client.path, "--workspace", workspace.path, "--file", file.path, "--after", after,
                         "--lsp", server ?? "sourcekit-lsp", "--timeout", "60"]
        if let definition { arguments += ["--definition", definition] }
        let command = ["python3"] + arguments
        let run = try await onOwnThread {
            try ChildProcess.run("/usr/bin/env", .init(arguments: command, timeout: 300))
        }
        #expect(run.termination == .exited(0), "\(run.standardError)")
        return try JSONDecoder().decode(Answer.self, from: Data(run.standardOutput.utf8))
    }

    @Test("sourcekit-lsp completes DinerScreen's members in a learner's file, knows Stage, and a new file",
          .enabled(if: server != nil, "sourcekit-lsp is not in the toolchain or on the PATH"),
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "python3 is missing"))
    func completionInWorkspace() async throws {
        let root = try Self.workbookCopy()
        defer { try? FileManager.default.removeItem(at: root) }
        // The real environment: `start` finds swiftc on the PATH to build Diner and Stage.
        let start = runCLI(["start", "3"], in: root, environment: ProcessInfo.processInfo.environment)
        #expect(start.exitCode == 0 && start.standardError.isEmpty, "\(start.standardError)")
        let folder = root.appendingPathComponent("exercises/03-queues")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("compile_flags.txt").path))
        #expect(start.standardOutput.contains("compile_flags.txt"))
        let file = folder.appendingPathComponent("Ex2_LoadInventory.swift")
        let members = ["chalkboard", "inventory", "currentItemLabel"]

        // Opened on the repository: the package does not claim exercises/, the folder's flags do.
        let fromRoot = try await Self.ask(workspace: root, file: file, after: "    screen.", definition: "chalkboard.tex")
        #expect(!fromRoot.diagnostics.contains { $0.lowercased().contains("no such module") }, "\(fromRoot.diagnostics)")
        #expect(members.allSatisfy(fromRoot.completions.contains), "\(fromRoot.completions)")
        #expect(fromRoot.definition?.hasSuffix("/Sources/Stage/Label.swift") == true, "\(fromRoot.definition ?? "none")")

        // Opened on exercises/ alone, on a file the learner has just added.
        let added = folder.appendingPathComponent("Scratch.swift")
        try "import Diner\nimport Stage\n\nfunc probe(_ screen: DinerScreen) {\n    screen.\n}\n".write(to: added, atomically: true, encoding: .utf8)
        let fromWorkspace = try await Self.ask(workspace: root.appendingPathComponent("exercises"), file: added, after: "    screen.")
        #expect(!fromWorkspace.diagnostics.contains { $0.lowercased().contains("no such module") }, "\(fromWorkspace.diagnostics)")
        #expect(members.allSatisfy(fromWorkspace.completions.contains), "\(fromWorkspace.completions)")
    }

    @Test("the flags list the chapter's support files and the learner's, refreshed when a file is added")
    func flagsFile() throws {
        let root = try Self.workbookCopy()
        defer { try? FileManager.default.removeItem(at: root) }
        let workbook = try Workbook(root: root)
        let chapter = try workbook.chapter("3")
        _ = try WorkspaceFiles(workbook: workbook).start(chapter)
        let folder = root.appendingPathComponent("exercises/03-queues")
        let configuration = EditorConfiguration(workbook: workbook)
        let flags = try #require(configuration.flags(for: chapter, modules: []))
        #expect(Array(flags.prefix(2)) == ["-module-name", "Chapter03Queues"])
        #expect(flags.contains { $0.hasSuffix("Sources/Chapter03Queues/Support.swift") })
        #expect(!flags.contains { $0.hasSuffix("Sources/Chapter03Queues/Ex2_LoadInventory.swift") })
        #expect(flags.contains { $0.hasSuffix("exercises/03-queues/Ex2_LoadInventory.swift") })

        let file = folder.appendingPathComponent(EditorConfiguration.flagsFileName)
        try (["-I", "/somewhere/Diner"] + flags).joined(separator: "\n").appending("\n").write(to: file, atomically: true, encoding: .utf8)
        try "let extra = 1\n".write(to: folder.appendingPathComponent("Extra.swift"), atomically: true, encoding: .utf8)
        configuration.refreshFileList(of: chapter)
        let refreshed = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(refreshed.contains(folder.appendingPathComponent("Extra.swift").standardizedFileURL.path))
        #expect(refreshed.contains("/somewhere/Diner"), "the module paths are kept")
    }

    @Test("the VS Code task checks the open file and its matcher reads the grader's error lines")
    func tasks() throws {
        let root = try Self.workbookCopy()
        defer { try? FileManager.default.removeItem(at: root) }
        let workbook = try Workbook(root: root)
        let text = EditorConfiguration(workbook: workbook).tasksJSON()
        let json = try #require(text.split(separator: "\n", maxSplits: 1).last)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let task = try #require((object["tasks"] as? [[String: Any]])?.first)
        #expect((task["args"] as? [String])?.prefix(2) == ["check", "${file}"])
        let matcher = try #require(task["problemMatcher"] as? [String: Any])
        let pattern = try #require((matcher["pattern"] as? [String: Any])?["regexp"] as? String)
        let regex = try NSRegularExpression(pattern: pattern)
        let line = "exercises/03-queues/Ex2_LoadInventory.swift:23:12: error: cannot find 'x' in scope"
        let match = try #require(regex.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)))
        #expect((line as NSString).substring(with: match.range(at: 1)) == "exercises/03-queues/Ex2_LoadInventory.swift")
        #expect((line as NSString).substring(with: match.range(at: 4)) == "error")

        // `check FILE` grades the exercise the file answers.
        let (chapter, exercise) = try workbook.exercise(forFile: root.appendingPathComponent("exercises/03-queues/Ex2_LoadInventory.swift"))
        #expect(chapter.number == 3 && exercise.id.description == "3.2")
        #expect(throws: WorkbookError.self) { try workbook.exercise(forFile: URL(fileURLWithPath: "/tmp/Nothing.swift")) }
    }
}
