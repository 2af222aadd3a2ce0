import Foundation
import Testing
@testable import WorkbookClassroom
import WorkbookModel
import WorkbookSystem
import WorkbookTestSupport

/// Issue 56: one class took `grade` down — a zip whose headers lied about its size
/// unpacked to 301 MiB past `unzip -l`'s totals, and a 50 MiB file cost 2.2 GiB. Each is
/// now that student's error row, at the limit the README gives, and the others are found.
@Suite("A class's submissions are unpacked and read within limits", .serialized)
struct ClassLimitsTests {
    static let tools = FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")
        && Sandbox.findExecutable("unzip", environment: ProcessInfo.processInfo.environment) != nil

    @Test("a zip that lies about its sizes and a 50 MiB exercise file are each their student's error row; the others are graded",
          .enabled(if: tools, "python3 or unzip is missing"))
    func lyingZipAndLargeFile() throws {
        let workbook = try Workbook(root: GradingFixture.source)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wb-class-limits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let answer = "public func add(_ a: Int, _ b: Int) -> Int { a + b }\n"
        for student in ["ada", "bea"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("\(student)/01-basics"), withIntermediateDirectories: true)
            try answer.write(to: folder.appendingPathComponent("\(student)/01-basics/Ex1_Add.swift"), atomically: true, encoding: .utf8)
        }
        // 50 MiB in an exercise file of a folder.
        let large = folder.appendingPathComponent("big/01-basics/Ex1_Add.swift")
        try FileManager.default.createDirectory(at: large.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(count: 50 << 20).write(to: large)
        // Zips: one whose headers say 100 bytes for 30 MiB, one honest, one with 50 MiB stored.
        let script = """
            import struct, sys, zipfile
            folder = sys.argv[1]
            with zipfile.ZipFile(folder + '/liar.zip', 'w', zipfile.ZIP_DEFLATED) as z:
                z.writestr('01-basics/Ex1_Add.swift', b'/' * (30 << 20))
            data = bytearray(open(folder + '/liar.zip', 'rb').read())
            struct.pack_into('<I', data, 22, 100)
            central = data.find(b'PK\\x01\\x02')
            struct.pack_into('<I', data, central + 24, 100)
            open(folder + '/liar.zip', 'wb').write(data)
            with zipfile.ZipFile(folder + '/cal.zip', 'w', zipfile.ZIP_DEFLATED) as z:
                z.writestr('01-basics/Ex1_Add.swift', sys.argv[2])
            with zipfile.ZipFile(folder + '/bigzip.zip', 'w', zipfile.ZIP_STORED) as z:
                z.writestr('01-basics/Ex1_Add.swift', b' ' * (50 << 20))
            """
        let made = try ChildProcess.run("/usr/bin/python3", .init(arguments: ["-c", script, folder.path, answer], timeout: 60))
        #expect(made.termination.isSuccess, "\(made.standardError)")
        let listed = try ChildProcess.run(Sandbox.findExecutable("unzip", environment: ProcessInfo.processInfo.environment) ?? "unzip", .init(arguments: ["-l", folder.appendingPathComponent("liar.zip").path], timeout: 30))
        #expect(listed.standardOutput.contains("100 "), "the headers lie: \(listed.standardOutput)")

        let students = try ClassSubmissions.find(in: folder, scratch: folder.appendingPathComponent(".scratch"), workbook: workbook,
                                                     environment: ProcessInfo.processInfo.environment)
        let byName = Dictionary(uniqueKeysWithValues: students.map { ($0.name, $0) })
        #expect(byName["liar"]?.workspace == nil)
        #expect(byName["liar"]?.problem == "liar.zip: 01-basics/Ex1_Add.swift unpacks to more than 1 MiB, the limit for an exercise file; "
            + "it was not unpacked", "\(byName["liar"]?.problem ?? "")")
        #expect(byName["bigzip"]?.workspace == nil)
        #expect(byName["bigzip"]?.problem?.contains("unpacks to more than 1 MiB") == true, "\(byName["bigzip"]?.problem ?? "")")
        #expect(byName["big"]?.workspace == nil)
        #expect(byName["big"]?.problem == "big: 01-basics/Ex1_Add.swift is over the limit of 1 MiB for an exercise file; it was not graded",
                "\(byName["big"]?.problem ?? "")")
        // Nothing of the lie was written past the cap.
        let unpacked = FileManager.default.enumerator(atPath: folder.appendingPathComponent(".scratch").path)?.allObjects as? [String] ?? []
        #expect(!unpacked.contains { $0.hasPrefix("liar-") && $0.hasSuffix(".swift") }, "\(unpacked)")
        for student in ["ada", "bea", "cal"] {
            let workspace = try #require(byName[student]?.workspace, "\(student): \(byName[student]?.problem ?? "")")
            #expect(try String(contentsOf: workspace.appendingPathComponent("01-basics/Ex1_Add.swift"), encoding: .utf8) == answer)
        }
    }

    @Test("the class's unpacked bytes have a limit: past it, the rest of the zips are error rows", .enabled(if: tools, "python3 or unzip is missing"))
    func classBudget() throws {
        var budget = ClassSubmissions.ClassBudget()
        #expect(budget.left == 1 << 30)
        budget.left = 10
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wb-class-budget-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let made = try ChildProcess.run("/usr/bin/python3", .init(arguments: ["-c", """
            import zipfile, sys
            with zipfile.ZipFile(sys.argv[1], 'w') as z: z.writestr('01-basics/Ex1_Add.swift', 'public func add(_ a: Int, _ b: Int) -> Int { a + b }')
            """, folder.appendingPathComponent("s.zip").path], timeout: 30))
        #expect(made.termination.isSuccess, "\(made.standardError)")
        let unzip = try #require(Sandbox.findExecutable("unzip", environment: ProcessInfo.processInfo.environment))
        let problem = ZipUnpacking(unzip: unzip, zip: folder.appendingPathComponent("s.zip"), names: ["Ex1_Add.swift"])
            .unpack(into: folder.appendingPathComponent("out"), budget: &budget)
        #expect(problem == "s.zip was not unpacked: the class's zips reached the limit of 1024 MiB unpacked", "\(problem ?? "")")
    }
}
