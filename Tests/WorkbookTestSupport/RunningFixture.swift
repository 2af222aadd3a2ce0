import Foundation
import Testing
import WorkbookRunning
import WorkbookModel
import WorkbookToolchain

/// A tiny workbook written into a temporary folder: a `Diner` and a `Stage` module, one
/// chapter module, and chapters whose snippets exercise every way a snippet can end.
/// One copy is shared by the runner tests, so its modules are compiled once.
public enum RunningFixture {
    /// Chapter files by name; each test that needs a broken chapter adds its own.
    public static let demoChapter = """
        # Demo

        ```swift run
        print("hello")
        ```

        ```output
        hello
        ```

        ```swift run
        # import Chapter01Demo
        print(add(2, 2))
        ```

        ```output
        4
        ```

        ```swift run crash
        print("before")
        let empty: [Int] = []
        print(empty[0])
        ```

        ```output
        before
        ```

        ```swift run figure
        # import Stage
        print(Picture.svg)
        ```

        ```swift run standalone
        extension Int {
            var doubled: Int { self * 2 }
        }
        print(21.doubled)
        ```

        ```output
        42
        ```

        ```swift run
        final class Box {
            deinit { print("freed") }
        }
        var box: Box? = Box()
        box = nil
        let value = await withCheckedContinuation { continuation in
            DispatchQueue.main.async { continuation.resume(returning: "main queue ran") }
        }
        print(value, box == nil)
        ```

        ```output
        freed
        main queue ran true
        ```

        """

    public static let files: [String: String] = [
        "Package.swift": "// swift-tools-version:6.0\n// A fixture: only its presence marks the workbook root.\n",
        "Sources/Diner/Dish.swift": """
            public struct Dish: Sendable {
                public var name: String
                public init(name: String) { self.name = name }
            }
            """,
        "Sources/Stage/Picture.swift": """
            import Diner
            public enum Picture {
                public static var svg: String {
                    #"<svg xmlns="http://www.w3.org/2000/svg"><text>\\#(Dish(name: "Burger").name)</text></svg>"#
                }
            }
            """,
        "Sources/Chapter01Demo/Adding.swift": "public func add(_ a: Int, _ b: Int) -> Int { a + b }\n",
        "Sources/Chapter09Broken/Broken.swift": "public func broken() -> Int { \"not a number\" }\n",
        "chapters/01-demo.md": demoChapter,
    ]

    /// Writes the fixture into a new temporary folder.
    public static func make() throws -> URL { try TemporaryWorkbook(files).root }

    public static func write(_ contents: String, to path: String, in root: URL) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try contents.write(to: url, atomically: true, encoding: .utf8)
    }

    /// The shared copy and its toolchain, made on first use.
    public static let shared: Result<(root: URL, toolchain: SwiftToolchain), SetupFailure> = {
        do { return .success((try make(), try SwiftToolchain.forTests())) } catch { return .failure(SetupFailure(reason: "\(error)")) }
    }()

    public struct SetupFailure: Error, Sendable {
        public var reason: String
    }

    /// Adds a chapter file to the shared copy and loads it. (The first call makes the
    /// copy and asks swiftc its version: on a thread of its own, not the test pool.)
    public static func chapter(_ name: String, _ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) async throws -> Chapter {
        let (root, _) = try await onOwnThread { try shared.get() }
        try write(text, to: "chapters/\(name)", in: root)
        let workbook = try Workbook(root: root)
        let chapter = try #require(workbook.chapters.first { $0.path == "chapters/\(name)" }, sourceLocation: sourceLocation)
        #expect(workbook.diagnostics.filter { $0.location.path == chapter.path }.isEmpty, sourceLocation: sourceLocation)
        return chapter
    }

    public static func runner(_ options: SnippetRunner.Options = .init()) throws -> SnippetRunner {
        let (root, toolchain) = try shared.get()
        return SnippetRunner(root: root, toolchain: toolchain, options: options)
    }

    /// Runs a chapter's snippets in the shared copy.
    public static func run(_ chapter: Chapter, _ options: SnippetRunner.Options = .init()) async throws -> SnippetRunner.ChapterRun {
        let runner = try runner(options)
        return try await onOwnThread { try runner.run(chapter) }
    }

    /// Runs a learner's file in the shared copy.
    public static func script(_ text: String, displayPath: String) async throws -> SnippetExecution {
        let runner = try runner()
        return try await onOwnThread { try runner.runScript(text, displayPath: displayPath) }
    }
}

