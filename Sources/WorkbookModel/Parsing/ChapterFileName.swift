/// The parts of a chapter file's name, `NN-slug.md`.
package struct ChapterFileName: Equatable {
    package var number: Int
    var slug: String

    /// Parses `03-queues.md`; nil when the name does not follow `NN-slug.md`.
    package init?(_ name: String) {
        guard name.hasSuffix(".md") else { return nil }
        let stem = name.dropLast(3)
        let digits = stem.prefix(2)
        let rest = stem.dropFirst(2)
        guard digits.count == 2, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
              rest.first == "-", rest.count > 1,
              rest.dropFirst().allSatisfy({ ($0.isASCII && ($0.isLowercase || $0.isNumber)) || $0 == "-" }),
              let number = Int(digits), number > 0
        else { return nil }
        self.number = number
        self.slug = String(rest.dropFirst())
    }
}
