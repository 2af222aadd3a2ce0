import Foundation
import Testing
@testable import WorkbookClassroom

@Suite("A class's lanes start from the prebuilt module builds")
struct LaneBuildsTests {
    @Test("each lane without a build folder gets a copy of the prebuilt one; a lane's own folder is left as it is")
    func seeding() throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("lanes-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let module = cache.appendingPathComponent("builds/Chapter01Basics-abc")
        try FileManager.default.createDirectory(at: module, withIntermediateDirectories: true)
        try Data("{\"files\":[]}".utf8).write(to: module.appendingPathComponent("state.json"))
        try Data("object".utf8).write(to: module.appendingPathComponent("Ex1_Add.o"))
        // Lane 1 has built before: its folder is its own.
        let own = cache.appendingPathComponent("builds-class-1/Chapter01Basics-abc")
        try FileManager.default.createDirectory(at: own, withIntermediateDirectories: true)
        try Data("lane 1's".utf8).write(to: own.appendingPathComponent("Ex1_Add.o"))

        ClassGrader.seedLaneBuilds(cache: cache, from: "builds", lanes: 3)

        for lane in [0, 2] {
            let copy = cache.appendingPathComponent("builds-class-\(lane)/Chapter01Basics-abc")
            #expect(FileManager.default.contents(atPath: copy.appendingPathComponent("Ex1_Add.o").path) == Data("object".utf8))
            #expect(FileManager.default.contents(atPath: copy.appendingPathComponent("state.json").path) == Data("{\"files\":[]}".utf8))
        }
        #expect(FileManager.default.contents(atPath: own.appendingPathComponent("Ex1_Add.o").path) == Data("lane 1's".utf8))
        let left = try FileManager.default.contentsOfDirectory(atPath: cache.path).sorted()
        #expect(left == ["builds", "builds-class-0", "builds-class-1", "builds-class-2"], "no scratch folder is left")
    }

    @Test("with nothing prebuilt, nothing is made: each lane builds its own")
    func nothingPrebuilt() throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("lanes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: cache) }
        ClassGrader.seedLaneBuilds(cache: cache, from: "builds", lanes: 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache.path).isEmpty)
    }
}
