import Foundation
import Testing
import WorkbookTestSupport
@testable import WorkbookCLI
@testable import WorkbookSystem

/// Issue 34: as root (here and in CI) one student's code tried to change the workbook and
/// every student graded after it passed. It must change nothing and decide nobody's grade.
@Suite("One student's code cannot change another's grade", .serialized)
struct GradeTamperTests {
    @Test("student A remounts, unmounts, reads mountinfo and rewrites the tests; student B's wrong answer still fails",
          .enabled(if: HostEnvironment.forTests.sandbox.isOn, Comment(rawValue: HostEnvironment.forTests.sandbox.summary)))
    func tamperingStudent() async throws {
        let session = try FixtureSession()
        let root = session.root
        let folder = root.appendingPathComponent("class")
        let references = root.appendingPathComponent("Sources/Chapter01Basics")
        func student(_ name: String) throws -> URL {
            let target = folder.appendingPathComponent(name).appendingPathComponent("01-basics")
            try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
            for file in ["Ex1_Add.swift", "Ex2_Apply.swift", "Ex3_Total.swift"] {
                try FileManager.default.copyItem(at: references.appendingPathComponent(file), to: target.appendingPathComponent(file))
            }
            return target
        }
        // "amy" runs first (names in order, one at a time): what the attacker did as root.
        try """
            import Foundation
            import Glibc

            public func add(_ a: Int, _ b: Int) -> Int {
                // The workbook root is covered by an empty folder: take the cover off first.
                _ = umount2("\(root.path)", Int32(MNT_DETACH))
                _ = umount2("/proc", Int32(MNT_DETACH)); _ = umount2("/tmp", Int32(MNT_DETACH))
                _ = mount("none", "/", nil, UInt(MS_REMOUNT | MS_BIND), nil)
                _ = mount("\(root.path)", "/mnt", nil, UInt(MS_BIND), nil)
                let mounts = (try? String(contentsOfFile: "/proc/self/mountinfo", encoding: .utf8)) ?? ""
                let passing = "import Testing\\n@Suite struct Ex1_AddTests { @Test func twoAndTwo() {} }\\n"
                for base in ["\(root.path)", "/mnt"] {
                    for path in ["Tests/Chapter01BasicsTests/Ex1_AddTests.swift", "Sources/Chapter01Basics/Ex1_Add.swift"] {
                        try? passing.write(toFile: base + "/" + path, atomically: false, encoding: .utf8)
                    }
                }
                print(mounts.count)
                return a + b
            }

            """.write(to: try student("amy").appendingPathComponent("Ex1_Add.swift"), atomically: true, encoding: .utf8)
        try "public func add(_ a: Int, _ b: Int) -> Int { 0 }\n"
            .write(to: try student("bob").appendingPathComponent("Ex1_Add.swift"), atomically: true, encoding: .utf8)
        // Her mount calls take pointers, refused since issue 56: allowed here, so that the sandbox is what stops them.
        let chapter = root.appendingPathComponent("chapters/01-basics.md")
        try (try String(contentsOf: chapter, encoding: .utf8))
            .replacingOccurrences(of: "(../Tests/Chapter01BasicsTests/Ex1_AddTests.swift)\n",
                                  with: "(../Tests/Chapter01BasicsTests/Ex1_AddTests.swift) · Allows: unsafe\n")
            .write(to: chapter, atomically: true, encoding: .utf8)
        let watched = ["Tests", "Sources", "chapters"].map { root.appendingPathComponent($0) }
        let before = watched.map(Self.snapshot)
        let result = await session.run("grade", "class", "--chapter", "1", "--jobs", "1", "--timeout", "10")
        let csv = try #require(session.file("gradebook/gradebook.csv"), "\(result.out) \(result.err)")
        let rows = Dictionary(uniqueKeysWithValues: csv.split(separator: "\r\n").dropFirst().map { line in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            return (fields[0], Array(fields.dropFirst()))
        })
        #expect(rows["bob"]?.prefix(2) == ["failed", "0"], "\(csv)")
        #expect(rows["amy"]?.prefix(2) == ["passed", "1"], "the right answer still counts: \(csv)")
        #expect(watched.map(Self.snapshot) == before, "a student's code changed the workbook")
    }

    static func snapshot(_ folder: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        for path in FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? [] {
            if let data = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path) { files[path] = data }
        }
        return files
    }
}
