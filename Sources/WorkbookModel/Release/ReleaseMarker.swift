import Foundation

/// `workbook-release.json` at a workbook's root: this workbook is a student release
/// (`workbook release`), so its module files are the starters and there are no
/// references, no prediction answers and no hidden tests. Lint, verify, grading and
/// `solution` read it to behave as a release needs; the teacher's repository has none.
public struct ReleaseMarker: Codable, Sendable, Equatable {
    /// The file's name, at the release's root.
    public static let fileName = WorkbookLayout.releaseMarker
    /// What the file says it is, so a stray JSON file of that name is not taken for one.
    public static let kindValue = "closures-workbook student release"

    public var kind: String = ReleaseMarker.kindValue
    /// The version of the tool that wrote it.
    public var version: String
    /// The chapters released, by number.
    public var chapters: [Int]
    /// Every file written, relative to the release's root, sorted (the marker itself aside).
    public var files: [String]

    public init(version: String, chapters: [Int], files: [String]) {
        self.version = version
        self.chapters = chapters
        self.files = files
    }

    /// The marker at `root`, when there is one that says it is a release.
    public static func read(at root: URL) -> ReleaseMarker? {
        guard let data = FileManager.default.contents(atPath: root.appendingPathComponent(fileName).path),
              let marker = try? JSONDecoder().decode(ReleaseMarker.self, from: data), marker.kind == kindValue else { return nil }
        return marker
    }

    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return ((try? encoder.encode(self)) ?? Data()) + Data("\n".utf8)
    }
}
