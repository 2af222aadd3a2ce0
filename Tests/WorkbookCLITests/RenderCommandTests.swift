import Foundation
import Synchronization
import Testing
@testable import WorkbookCLI
import WorkbookTestSupport

/// What a command printed, captured.
private final class RenderCapture: Sendable {
    private let out = Mutex("")
    private let error = Mutex("")

    var console: Console {
        Console(out: { text in self.out.withLock { $0 += text } }, error: { text in self.error.withLock { $0 += text } })
    }

    var standardOutput: String { out.withLock { $0 } }
    var standardError: String { error.withLock { $0 } }
}

@Suite("workbook render")
struct RenderCommandTests {
    static let secret = "return lhs &+ rhs  // the secret sum"

    /// A one-chapter workbook with one exercise, in a temporary folder.
    static func makeWorkbook() throws -> URL {
        let files = [
            "Package.swift": "// swift-tools-version:6.0\n",
            "chapters/01-blocks.md": """
            # Blocks

            <script>alert(1)</script> [a link](javascript:alert(2))

            ```swift run
            print(2 + 2)
            ```

            ```output
            4
            ```

            ## Exercise 1.1: Add

            Write it.

            Reference: [Ex1_Add.swift](../Sources/Chapter01Blocks/Ex1_Add.swift) ·
            Tests: [Ex1_AddTests.swift](../Tests/Chapter01BlocksTests/Ex1_AddTests.swift)

            """,
            "chapters/hints/01-blocks.md": "## Exercise 1.1\n\n> Hint: one.\n\n> Hint: two.\n",
            "chapters/02-more.md": """
            # More

            ```swift run figure
            print(#"<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"><title>A box</title><rect x="1" y="1" width="8" height="8"/></svg>"#)
            ```

            """,
            "Sources/Chapter01Blocks/Ex1_Add.swift": """
            public func add(_ lhs: Int, _ rhs: Int) -> Int {
                // BEGIN SOLUTION
                \(secret)
                // STARTER:
                // return 0
                // END SOLUTION
            }

            """,
            "Tests/Chapter01BlocksTests/Ex1_AddTests.swift": """
            import Testing
            @Suite("Exercise 1.1: Add") struct Ex1_AddTests {
                @Test("adds") func adds() { #expect(add(40, 2) == 42, "the secret assertion") }
            }

            """,
        ]
        return try TemporaryWorkbook(files).root
    }

    fileprivate struct Run: Sendable {
        var status: Int32
        var output: RenderCapture
    }

    /// `workbook render ARGUMENTS` in `root`. Rendering blocks while its lanes work: on a
    /// thread of its own, so that it never holds up the test pool the other suites share.
    fileprivate func render(_ arguments: [String], in root: URL, environment: [String: String] = [:]) async throws -> Run {
        try await onOwnThread {
            let output = RenderCapture()
            let status = WorkbookCLI.run(["render"] + arguments, environment: environment, currentDirectory: root, console: output.console)
            return Run(status: status, output: output)
        }
    }

    func read(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

    @Test("writes the student edition into handouts/student/ by default")
    func defaults() async throws {
        let root = try Self.makeWorkbook()
        defer { try? FileManager.default.removeItem(at: root) }
        // No PATH, so no swiftc and no snippet runner: the pages show expected outputs.
        let run = try await render([], in: root)
        #expect(run.status == 0, "\(run.output.standardError)")
        let folder = root.appendingPathComponent("handouts/student")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(files == ["01-blocks.html", "02-more.html", "index.html", "workbook.html"])
        #expect(run.output.standardOutput.contains("Student edition: 4 pages in handouts/student/, 1 exercises, 1 snippets, 1 figures, 1 figures missing"))
        #expect(run.output.standardOutput.contains("outputs are the chapters' expected outputs (snippets not run)"))
        for file in files {
            let html = try read(folder.appendingPathComponent(file))
            #expect(!html.contains("the secret sum") && !html.contains("the secret assertion"), "\(file)")
            #expect(!html.contains("<script") && !html.contains("javascript:"), "\(file)")
        }
        #expect(try read(folder.appendingPathComponent("01-blocks.html")).contains(#"<span class="kw">return</span> <span class="num">0</span>"#))
    }

    @Test("renders one chapter's instructor page where --out says")
    func oneChapterInstructor() async throws {
        let root = try Self.makeWorkbook()
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try await render(["1", "--edition", "instructor", "--out", "out/teacher"], in: root)
        #expect(run.status == 0, "\(run.output.standardError)")
        let folder = root.appendingPathComponent("out/teacher")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["01-blocks.html", "index.html"])
        let html = try read(folder.appendingPathComponent("01-blocks.html"))
        #expect(html.contains("the secret sum") && html.contains("the secret assertion"))
        // Its "All chapters" link leads somewhere: an index linking what is there.
        #expect(html.contains(#"<a href="index.html">All chapters</a>"#))
        let index = try read(folder.appendingPathComponent("index.html"))
        #expect(index.contains(#"href="01-blocks.html""#) && !index.contains(#"href="02-more.html""#))
        #expect(index.contains("<code>workbook render 2 --edition instructor</code>"))

        // Rendering the other chapter into the same folder links both.
        #expect(try await render(["2", "--edition", "instructor", "--out", "out/teacher"], in: root).status == 0)
        let both = try read(folder.appendingPathComponent("index.html"))
        #expect(both.contains(#"href="01-blocks.html""#) && both.contains(#"href="02-more.html""#))
    }

    @Test("names the chapters there are when asked for one that is not", arguments: [["9"], ["x"]])
    func unknownChapter(arguments: [String]) async throws {
        let root = try Self.makeWorkbook()
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try await render(arguments, in: root)
        #expect(run.status == 2)
        #expect(run.output.standardError.contains("the chapters are 1, 2"))
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("handouts").path))
    }

    @Test("rejects an edition it does not know")
    func unknownEdition() async throws {
        let root = try Self.makeWorkbook()
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try await render(["--edition", "teacher"], in: root)
        #expect(run.status == 2)
        #expect(run.output.standardError.contains("use one of: student, instructor"))
    }

    @Test("refuses to write into the workbook's own folders, and writes nothing", arguments: ["chapters", ".", "Sources"])
    func refusesWorkbookFolders(out: String) async throws {
        let root = try Self.makeWorkbook()
        defer { try? FileManager.default.removeItem(at: root) }
        let before = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("chapters").path).sorted()
        let run = try await render(["--out", out], in: root)
        #expect(run.status == 1)
        #expect(run.output.standardError.contains("cannot write here"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("chapters").path).sorted() == before)
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("index.html").path))
    }

    @Test("says how to install Chromium when --pdf cannot find it, and keeps the HTML")
    func pdfWithoutChromium() async throws {
        let root = try Self.makeWorkbook()
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try await render(["--pdf"], in: root, environment: ["PATH": root.path])
        #expect(run.status == 1)
        #expect(run.output.standardError.contains("Chromium is not installed; install it (Debian/Ubuntu: sudo apt-get install chromium)"))
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("handouts/student/workbook.html").path))
    }

    @Test("prints workbook.html to PDF with headless Chromium")
    func pdfWithChromium() async throws {
        let root = try Self.makeWorkbook()
        defer { try? FileManager.default.removeItem(at: root) }
        // A stand-in for Chromium that records its arguments and writes the PDF it is asked for.
        let fake = root.appendingPathComponent("fake-chromium")
        try """
        #!/bin/sh
        echo "$@" > "\(root.path)/chromium-arguments"
        for argument in "$@"; do
          case "$argument" in --print-to-pdf=*) printf '%%PDF-1.4 fake' > "${argument#--print-to-pdf=}";; esac
        done

        """.write(to: fake, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)

        // No poppler on PATH: one pass, and a warning that the contents have no page numbers.
        let run = try await render(["--pdf", "--paper", "letter"], in: root, environment: ["CHROMIUM": fake.path, "PATH": root.path])
        #expect(run.status == 0, "\(run.output.standardError)")
        #expect(run.output.standardOutput.contains("PDF: handouts/student/workbook.pdf (letter, 1 pass"))
        #expect(run.output.standardError.contains("warning: the contents have no page numbers: install poppler-utils"))
        #expect(try read(root.appendingPathComponent("handouts/student/workbook.pdf")) == "%PDF-1.4 fake")
        let arguments = try read(root.appendingPathComponent("chromium-arguments"))
        #expect(arguments.contains("--headless") && arguments.contains("--no-pdf-header-footer"))
        #expect(arguments.contains("--generate-pdf-document-outline"), "the PDF has bookmarks")
        #expect(arguments.contains("/workbook.html"))
    }

    @Test("shows what the snippet runner got: actual outputs and figures")
    func withSnippetRunner() async throws {
        let root = try Self.makeWorkbook()
        defer { try? FileManager.default.removeItem(at: root) }
        // The real environment: swiftc is on PATH, so the snippets are compiled and run —
        // for seconds, so on a thread of its own rather than the shared test pool.
        let run = try await render([], in: root, environment: ProcessInfo.processInfo.environment)
        #expect(run.status == 0, "\(run.output.standardError)")
        #expect(run.output.standardOutput.contains("1 snippets, 1 figures"))
        #expect(!run.output.standardOutput.contains("missing") && !run.output.standardOutput.contains("not run"))
        let chapter = try read(root.appendingPathComponent("handouts/student/01-blocks.html"))
        #expect(chapter.contains(#"<div class="label">Output</div><pre>4</pre>"#))
        let pictures = try read(root.appendingPathComponent("handouts/student/02-more.html"))
        #expect(pictures.contains(#"<rect height="8" width="8" x="1" y="1"/></svg>"#))
        #expect(pictures.contains(#"<span class="figure-number">Figure 2.1</span> A box</figcaption>"#))
    }

    @Test("is listed in help as a working command")
    func help() {
        let output = RenderCapture()
        #expect(WorkbookCLI.run(["help"], environment: [:], currentDirectory: URL(fileURLWithPath: "/"), console: output.console) == 0)
        let line = output.standardOutput.split(separator: "\n").first { $0.contains("render") }
        #expect(line?.contains("render HTML handouts") == true)
        #expect(line?.contains("not built yet") == false)
    }
}
