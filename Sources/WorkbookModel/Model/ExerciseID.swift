/// An exercise's id, `N.M`: chapter `N`, exercise `M` of that chapter.
public struct ExerciseID: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var chapter: Int
    public var number: Int

    public init(chapter: Int, number: Int) {
        self.chapter = chapter
        self.number = number
    }

    /// Parses `"3.2"`; nil for anything else (`"3"`, `"3.x"`, `"03.2.1"`).
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2,
              parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let chapter = Int(parts[0]), let number = Int(parts[1]), chapter > 0, number > 0
        else { return nil }
        self.init(chapter: chapter, number: number)
    }

    public var description: String { "\(chapter).\(number)" }

    public static func < (lhs: ExerciseID, rhs: ExerciseID) -> Bool {
        (lhs.chapter, lhs.number) < (rhs.chapter, rhs.number)
    }
}
