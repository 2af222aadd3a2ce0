import Foundation
import Testing
@testable import WorkbookRunning
@testable import WorkbookSystem
@testable import WorkbookToolchain
import WorkbookTestSupport

@Suite("The direct back end is tried before use and retried through the driver before the code is blamed", .tags(.compiles, .backend))
struct DirectFailureTests {
    @Test("An error located in one of the compiled files is the code's", arguments: [
        ("/w/exercises/01-blocks/Ex1_Operations.swift:3:5: error: cannot find 'x' in scope", ["/w/exercises/01-blocks/Ex1_Operations.swift"]),
        ("main.swift:2:1: error: expected expression", ["main.swift"]),
        ("Snippet_L12.swift:7: error: missing return", ["main.swift", "Snippet_L12.swift"]),
    ])
    func locatedErrors(output: String, sources: [String]) {
        #expect(DirectFailure.isInSources(output, sources: sources))
    }

    @Test("Anything else may be the back end's own, and goes to the driver", arguments: [
        "<unknown>:0: error: unable to load standard library for target 'x86_64-unknown-linux-gnu'",
        "error: link command failed with exit code 1",
        "/usr/lib/swift/linux/Foundation.swiftmodule:1:1: error: module compiled with Swift 5.10 cannot be imported",
        "Stack dump:\n0.\tProgram arguments: swift-frontend -c",
        "",
    ])
    func otherFailures(output: String) {
        #expect(!DirectFailure.isInSources(output, sources: ["/w/exercises/01-blocks/Ex1_Operations.swift", "main.swift"]))
    }

    @Test("Commands that cannot build and run a one-line program fail the probe")
    func brokenCommandsFailTheProbe() {
        let broken = DirectCommands(compile: ["/bin/false"], emitModule: ["/bin/false"], autolink: ["/bin/false"],
                                    linker: ["/bin/false"], sharedLinker: ["/bin/false"])
        #expect(!broken.passesProbe())
    }

    @Test("A template that still names the deleted learning folder fails the probe")
    func staleTemplateFailsTheProbe() async throws {
        let toolchain = try await onOwnThread { try SwiftToolchain.forTests() }
        let learnt = try #require(try await onOwnThread { try DirectCommands.learn(toolchain: toolchain, flags: SwiftToolchain.languageFlags) })
        #expect(try await onOwnThread { learnt.passesProbe() }, "the commands learnt from this toolchain build and run the probe")
        var stale = learnt
        stale.compile.append("/tmp/workbook-recipe-123-gone/Primary.swift")
        #expect(!stale.passesProbe())
    }

    @Test("A snippet program's errors are located in its files or in the chapter its #sourceLocation names")
    func snippetPaths() {
        let files = [SnippetProgram.File(name: "Snippet_L12.swift", contents: "import Stage\n#sourceLocation(file: \"chapters/03-queues.md\", line: 14)\nlet x = y\n")]
        let paths = SnippetRunner.diagnosticPaths(files)
        #expect(paths == ["Snippet_L12.swift", "chapters/03-queues.md"])
        #expect(DirectFailure.isInSources("chapters/03-queues.md:14:9: error: cannot find 'y' in scope", sources: paths))
    }
}
