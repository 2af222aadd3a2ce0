import Foundation
import Testing
@testable import WorkbookModel
import WorkbookSystem
import WorkbookToolchain
import WorkbookTestSupport

@Suite("The package check says what SwiftPM said, at the manifest's line")
struct PackageCheckTests {
    @Test("A compile error in the manifest is reported at its line, in the compiler's words")
    func compileErrorAtItsLine() {
        let said = """
            error: 'w': Invalid manifest (compiled with: ["/opt/swift/usr/bin/swiftc", "-vfsoverlay", "/tmp/vfs.yaml"])
            /tmp/w/Package.swift:78:14: error: cannot convert value of type 'String' to specified type 'Int'
            76 |     swiftLanguageModes: [.v6]
            error: invalid manifests at [<AbsolutePath:"/tmp/w">]
            """
        let failure = PackageCheck.DumpFailure.reading(said, termination: .exited(1))
        #expect(failure.line == 78)
        #expect(failure.message == "SwiftPM cannot read Package.swift: cannot convert value of type 'String' to specified type 'Int'")
    }

    @Test("Any other failure quotes SwiftPM's first error, without the compile command, and claims no cause")
    func otherFailures() {
        let failure = PackageCheck.DumpFailure.reading(
            "warning: x\nerror: 'w': Invalid manifest (compiled with: [\"swiftc\"])\n", termination: .exited(1))
        #expect(failure.line == nil)
        #expect(failure.message == "SwiftPM cannot read Package.swift: `swift package dump-package` exited with status 1: error: 'w': Invalid manifest")
        let stopped = PackageCheck.DumpFailure.reading("", termination: .timedOut(seconds: 120))
        #expect(stopped.message == "SwiftPM cannot read Package.swift: `swift package dump-package` timed out after 120 s")
    }

    @Test("A real broken manifest is found at its line, and nothing is written to .build", .tags(.compiles))
    func realBrokenManifest() async throws {
        let workbook = try TemporaryWorkbook()
        defer { workbook.remove() }
        try workbook.write("Package.swift", """
            // swift-tools-version:6.0
            import PackageDescription
            let package = Package(name: "W")
            let broken: Int = "no"

            """)
        let toolchain = try await onOwnThread { try SwiftToolchain.forTests() }
        let swift = URL(fileURLWithPath: toolchain.swiftc).deletingLastPathComponent().appendingPathComponent("swift").path
        let loaded = try workbook.load()
        let findings = try await onOwnThread { PackageCheck(workbook: loaded, swift: swift).findings() }
        #expect(findings.map(\.location.line) == [4], "\(findings)")
        #expect(findings.first?.message.contains("cannot convert value of type 'String' to specified type 'Int'") == true, "\(findings)")
        // Its own scratch path: a `swift build` holding `.build` does not make it wait.
        #expect(!FileManager.default.fileExists(atPath: workbook.root.appendingPathComponent(".build").path))
    }
}
