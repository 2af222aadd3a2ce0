import Foundation
import Testing
import WorkbookSystem

/// `make setup` (through `make install`) says before it replaces an installed `workbook`,
/// naming both versions. Run on the Makefile's `install-note` step with stand-in binaries,
/// so nothing is built or installed.
@Suite("make setup tells about the workbook it replaces")
struct MakeSetupTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func fakeWorkbook(at path: URL, version: String) throws {
        try FileManager.default.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "#!/bin/sh\necho \"workbook \(version)\"\n".write(to: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path.path)
    }

    /// Through `ChildProcess`, whose children the other tests' orphan sweeps know: a
    /// Foundation `Process` started beside grading tests was swept (killed and reaped)
    /// mid-run, and read as an empty note with exit status 0.
    func note(prefix: URL, new: URL, path: String) throws -> String {
        let result = try ChildProcess.run("/usr/bin/env", .init(
            arguments: ["make", "-s", "-C", Self.repository.path, "install-note", "PREFIX=\(prefix.path)", "NEW=\(new.path)"],
            environment: ["PATH": path], timeout: 60))
        #expect(result.termination.isSuccess, "\(result.standardError)")
        return result.standardOutput
    }

    @Test("names the installed version and the new one; says nothing when none is installed; names another on the PATH")
    func replacing() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("wb-make-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let installed = root.appendingPathComponent("prefix/bin/workbook")
        let new = root.appendingPathComponent("build/workbook")
        let other = root.appendingPathComponent("other/workbook")
        try fakeWorkbook(at: installed, version: "0.0.9")
        try fakeWorkbook(at: new, version: "0.1.0")
        try fakeWorkbook(at: other, version: "0.0.1")
        // No /usr/local/bin: a workbook installed on this machine must not change the result.
        let system = "/usr/bin:/bin"

        let replacing = try note(prefix: root.appendingPathComponent("prefix"), new: new, path: "\(installed.deletingLastPathComponent().path):\(system)")
        #expect(replacing == "Replacing the workbook installed at \(installed.path) (workbook 0.0.9) with workbook 0.1.0.\n", "\(replacing)")

        let fresh = try note(prefix: root.appendingPathComponent("empty"), new: new, path: system)
        #expect(fresh.isEmpty, "\(fresh)")

        let shadowed = try note(prefix: root.appendingPathComponent("prefix"), new: new, path: "\(other.deletingLastPathComponent().path):\(system)")
        #expect(shadowed.contains("note: your shell runs \(other.path) (workbook 0.0.1), found before \(installed.path) on the PATH."), "\(shadowed)")
    }
}
