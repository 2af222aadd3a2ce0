import Foundation
import Testing
import WorkbookSystem
import WorkbookTestSupport
@testable import WorkbookToolchain

/// The tests' objects are keyed by what a module's clients see (`SwiftModuleDigest`): an
/// edit inside a stored closure changes the `.swiftmodule`'s bytes (a type body's
/// fingerprint) but not its digest; a change a client can see changes both.
@Suite("A module's digest for the tests compiled against it", .tags(.compiles))
struct SwiftModuleDigestTests {
    static let base = """
        public enum Arithmetic {
            public static let table: [String: (Int, Int) -> Int] = ["-": { $0 - $1 }]
            public static func subtract(_ a: Int, _ b: Int) -> Int { a - b }
            struct Pair { var first: Int; var second: Int }
        }

        """

    /// The module's bytes for `source`, compiled as grading compiles a learner's module
    /// (`-enable-testing`, debug), always in the same folder so that paths match.
    static func module(_ source: String, in folder: URL) throws -> [UInt8] {
        try source.write(to: folder.appendingPathComponent("A.swift"), atomically: true, encoding: .utf8)
        let toolchain = try SwiftToolchain.forTests()
        let result = try ChildProcess.run(toolchain.swiftc, ChildProcess.Options(
            arguments: ["-emit-module", "-module-name", "M", "-enable-testing", "-Onone", "-g", "A.swift", "-o", "M.swiftmodule"],
            workingDirectory: folder.path, timeout: 120))
        #expect(result.termination.isSuccess, "\(result.standardError)")
        return [UInt8](try Data(contentsOf: folder.appendingPathComponent("M.swiftmodule")))
    }

    @Test("keeps an edit inside a stored closure, and tells apart a signature, a stored property's order and a new member")
    func digests() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wb-digest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let variants = [
            Self.base,
            Self.base.replacingOccurrences(of: "{ $0 - $1 }", with: "{ $1 - $0 }"),
            Self.base.replacingOccurrences(of: "{ a - b }", with: "{ b - a }"),
            Self.base.replacingOccurrences(of: "_ b: Int", with: "_ b: Int = 0"),
            Self.base.replacingOccurrences(of: "var first: Int; var second: Int", with: "var second: Int; var first: Int"),
            Self.base.replacingOccurrences(of: "struct Pair", with: "static func add(_ a: Int, _ b: Int) -> Int { a + b }\n    struct Pair"),
        ]
        let modules = try await onOwnThread { try variants.map { try Self.module($0, in: folder) } }
        let digests = modules.map(SwiftModuleDigest.digest)
        #expect(digests.allSatisfy { $0 != nil })
        // The stored closure's edit: other bytes, the same digest; a function body's: the same bytes.
        #expect(modules[1] != modules[0])
        #expect(digests[1] == digests[0])
        #expect(modules[2] == modules[0])
        // A default argument, two stored properties swapped, a new member: each a new digest.
        #expect(Set(digests[3...]).count == 3)
        #expect(!digests[3...].contains(digests[0]))
    }

    @Test("reads nothing that is not a module's bitstream, and a cut one is no digest")
    func malformed() {
        #expect(SwiftModuleDigest.digest([]) == nil)
        #expect(SwiftModuleDigest.digest(Array("not a module".utf8)) == nil)
        #expect(SwiftModuleDigest.digest(SwiftModuleDigest.magic + [0xFF, 0xFF, 0xFF, 0xFF, 0x01]) == nil)
    }
}
