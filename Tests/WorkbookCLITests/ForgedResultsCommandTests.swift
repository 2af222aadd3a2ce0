import Foundation
import Testing
import WorkbookTestSupport
@testable import WorkbookCLI

/// Issues 34 and 56: the seven forgeries of a pass (`Submissions/01-forgeries`, each a
/// wrong `add`) through the command line: `check --format json` and `grade`. None may
/// pass. (Each layer on its own, with unsafe code allowed, is `ForgedResultsTests`.)
@Suite("Forged results through the command line", .serialized)
struct ForgedResultsCommandTests {
    static let attacks = ["fd3-filter", "cdecl-write", "stdin-buffer", "proc-fd", "proc-mem", "heap-key-safe", "heap-key-pointers"]

    private func install(_ attack: String, into folder: URL, root: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for file in ["Ex1_Add.swift", "Ex2_Apply.swift", "Ex3_Total.swift"] where !FileManager.default.fileExists(atPath: folder.appendingPathComponent(file).path) {
            try FileManager.default.copyItem(at: root.appendingPathComponent("Sources/Chapter01Basics/\(file)"), to: folder.appendingPathComponent(file))
        }
        let target = folder.appendingPathComponent("Ex1_Add.swift")
        try? FileManager.default.removeItem(at: target)
        try FileManager.default.copyItem(at: root.appendingPathComponent("Submissions/01-forgeries/\(attack).swift"), to: target)
    }

    @Test("check --format json: each forgery's exercise is not a pass, and no test of it passes")
    func checkJSON() async throws {
        let session = try FixtureSession()
        for attack in Self.attacks {
            try install(attack, into: session.root.appendingPathComponent("exercises/01-basics"), root: session.root)
            // Without the repair probe: its runs are the grader's, in the same sandbox, and
            // cannot change the status; here they only cost (48 heap scans of the honest
            // failure, 31 of the suite's 47 s of CPU, measured).
            let result = await session.run(["check", "1.1", "--format", "json"], environment: ["WORKBOOK_LOCATE": "0"])
            let object = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any], "\(attack): \(result.out) \(result.err)")
            #expect(object["status"] as? String != "pass", "\(attack): \(result.out)")
            let tests = object["tests"] as? [[String: Any]] ?? []
            #expect(!tests.contains { $0["status"] as? String == "pass" }, "\(attack): \(result.out)")
            if attack == "heap-key-safe" {
                // Safe Swift runs, cannot open the memory it would read, and fails honestly.
                #expect(tests.count == 2 && tests.allSatisfy { ($0["message"] as? String)?.contains("Expectation failed: (add(") == true },
                        "\(attack): \(result.out)")
            } else {
                // Pointers, `@_cdecl`: refused at the learner's own line before anything runs
                // (results.json names it relative to the workspace, as Exercism's interface asks).
                #expect(result.out.contains("01-basics/Ex1_Add.swift:") && result.out.contains("refused"), "\(attack): \(result.out)")
            }
        }
    }

    @Test("grade: a student per forgery gets 0 for 1.1 and full marks for the rest; an honest student gets 3")
    func grade() async throws {
        let session = try FixtureSession()
        let folder = session.root.appendingPathComponent("class")
        for attack in Self.attacks {
            try install(attack, into: folder.appendingPathComponent("\(attack)/01-basics"), root: session.root)
        }
        let honest = folder.appendingPathComponent("honest/01-basics")
        try FileManager.default.createDirectory(at: honest, withIntermediateDirectories: true)
        for file in ["Ex1_Add.swift", "Ex2_Apply.swift", "Ex3_Total.swift"] {
            try FileManager.default.copyItem(at: session.root.appendingPathComponent("Sources/Chapter01Basics/\(file)"), to: honest.appendingPathComponent(file))
        }
        let result = await session.run("grade", "class", "--chapter", "1")
        let csv = try #require(session.file("gradebook/gradebook.csv"), "\(result.out) \(result.err)")
        let rows = Dictionary(uniqueKeysWithValues: csv.split(separator: "\r\n").dropFirst().map { line in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            return (fields[0], Array(fields.dropFirst().dropLast()))  // the last column: "look at this"
        })
        #expect(rows["honest"]?.suffix(2) == ["3", "3"], "\(rows)")
        for attack in Self.attacks {
            let row = try #require(rows[attack], "\(rows)")
            #expect(row.first != "passed" && row[1] == "0", "\(attack): \(row)")
            #expect(row.suffix(2) == ["2", "3"], "\(attack): \(row)")
        }
    }
}
