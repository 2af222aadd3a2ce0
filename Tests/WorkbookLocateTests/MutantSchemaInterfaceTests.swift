import Foundation
import Testing
import WorkbookSystem
import WorkbookTestSupport
@testable import WorkbookGrading
@testable import WorkbookLocate
@testable import WorkbookMutation
@testable import WorkbookToolchain

/// A schema's switches in function bodies leave the module as the tests see it
/// (`SwiftModuleDigest`): the probe runs the tests the learner's `check` compiled. (One in
/// a stored closure's initializer does not: the closure's records change, and the probe
/// compiles the exercise's tests once for it, as before.)
@Suite("A mutant schema keeps the module's interface", .tags(.compiles))
struct MutantSchemaInterfaceTests {
    static let source = """
        public struct Counter {
            public var count = 0
            public static let step: (Int) -> Int = { $0 + 1 }
            public mutating func add(_ amount: Int) -> Bool {
                if amount > 0 {
                    count += amount
                }
                return count < 10
            }
        }

        """

    static func digest(_ text: String, in folder: URL) throws -> String? {
        try text.write(to: folder.appendingPathComponent("Counter.swift"), atomically: true, encoding: .utf8)
        try MutantSwitch.source.write(to: folder.appendingPathComponent("MutantSwitch.swift"), atomically: true, encoding: .utf8)
        let result = try ChildProcess.run(try SwiftToolchain.forTests().swiftc, ChildProcess.Options(
            arguments: ["-emit-module", "-module-name", "M", "-enable-testing", "-Onone", "Counter.swift", "MutantSwitch.swift", "-o", "M.swiftmodule"],
            workingDirectory: folder.path, timeout: 120))
        #expect(result.termination.isSuccess, "\(result.standardError)")
        return SwiftModuleDigest.digest([UInt8](try Data(contentsOf: folder.appendingPathComponent("M.swiftmodule"))))
    }

    @Test("a schema's module has the learner's digest: no declaration, no import added")
    func sameDigest() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wb-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let lines = Self.source.components(separatedBy: "\n")
        let schema = MutantSchema.make(source: Self.source, mutants: [
            Mutant(exercise: "1.1", file: "Counter.swift", line: 5, operatorName: "boundary", original: [lines[4]], replacement: ["        if amount >= 0 {"]),
            Mutant(exercise: "1.1", file: "Counter.swift", line: 6, operatorName: "operator", original: [lines[5]], replacement: ["            count -= amount"]),
        ])
        #expect(schema.mutants.count == 2, "\(schema.text)")
        let learner = try await onOwnThread { try Self.digest(Self.source, in: folder) }
        let switched = try await onOwnThread { try Self.digest(schema.text, in: folder) }
        #expect(learner != nil && switched == learner, "\(schema.text)")
    }
}
