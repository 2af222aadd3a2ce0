import Testing
@testable import WorkbookClassroom
import WorkbookModel

/// Issue 32: copies flagged, never punished. Two students who copied and renamed the
/// variables are a pair; students who wrote their own code, or only what everyone is
/// given or expected to write, are not.
@Suite("Similarity of a class's own code")
struct SimilarityTests {
    static let id = ExerciseID("3.4")!
    static let starter = """
        /// The orders' lines, the most expensive first, each with its share of the total.
        public func receipt(_ orders: [(name: String, cents: Int)]) -> [String] {
            []
        }

        """
    static let reference = """
        public func receipt(_ orders: [(name: String, cents: Int)]) -> [String] {
            let total = orders.reduce(0) { $0 + $1.cents }
            return orders.sorted { $0.cents > $1.cents }.map { "\\($0.name): \\($0.cents * 100 / max(total, 1))%" }
        }

        """
    /// A student's own answer: a loop where the reference has `reduce`, sorting by hand.
    static let original = """
        public func receipt(_ orders: [(name: String, cents: Int)]) -> [String] {
            var sum = 0
            for order in orders { sum += order.cents }
            var lines: [String] = []
            var left = orders
            while !left.isEmpty {
                var best = 0
                for index in left.indices where left[index].cents > left[best].cents { best = index }
                let picked = left.remove(at: best)
                lines.append("\\(picked.name): \\(sum == 0 ? 0 : picked.cents * 100 / sum)%")
            }
            return lines
        }

        """
    /// The same, every variable renamed, comments added, spacing changed.
    static let renamed = """
        public func receipt(_ orders: [(name: String, cents: Int)]) -> [String] {
            // add everything up first
            var grand = 0
            for o in orders { grand += o.cents }
            var out: [String] = []
            var rest = orders
            while !rest.isEmpty {
                var top = 0   // the most expensive so far
                for i in rest.indices where rest[i].cents > rest[top].cents { top = i }
                let chosen = rest.remove(at: top)
                out.append("\\(chosen.name) -> \\(grand == 0 ? 0 : chosen.cents * 100 / grand) percent")
            }
            return out
        }

        """
    /// A different answer of the same length: a dictionary, sorted keys, a formatter.
    static let different = """
        public func receipt(_ orders: [(name: String, cents: Int)]) -> [String] {
            guard !orders.isEmpty else { return [] }
            let whole = Double(orders.map(\\.cents).reduce(0, +))
            var byName: [String: Int] = [:]
            for (name, cents) in orders { byName[name, default: 0] += cents }
            let ranked = byName.sorted { lhs, rhs in lhs.value == rhs.value ? lhs.key < rhs.key : lhs.value > rhs.value }
            return ranked.map { entry in
                let share = whole > 0 ? Double(entry.value) / whole : 0
                return entry.key + " " + String(Int((share * 100).rounded())) + "%"
            }
        }

        """

    func similarity(_ sources: [String: String]) -> Similarity {
        Similarity(sources: sources.mapValues { [Self.id: $0] }, starters: [Self.id: Self.starter], references: [Self.id: Self.reference])
    }

    @Test("a copy with renamed variables is a pair; a student's own different answer is not")
    func renamedCopy() throws {
        let result = similarity(["kim": Self.original, "lou": Self.renamed, "max": Self.different])
        #expect(result.pairs.map { "\($0.first)+\($0.second)" } == ["kim+lou"])
        let pair = try #require(result.pairs.first)
        #expect(pair.score > 0.8 && pair.exercises == [Self.id], "\(pair)")
        #expect(result.csv().hasPrefix("student,other student,similarity,shared passages,exercises\r\nkim,lou,"))
        #expect(result.html().contains("Look at these pairs") && result.html().contains("not a finding"))
    }

    @Test("what everyone is given or expected to write makes no pair: the starter, the reference, a one-line answer")
    func givenCode() {
        let commented = "// my answer\n" + Self.reference
        let result = similarity(["ada": Self.reference, "bo": commented, "cy": Self.starter + "\n// todo\n",
                                 "dan": "public func receipt(_ orders: [(name: String, cents: Int)]) -> [String] { orders.map(\\.name) }\n",
                                 "eli": "public func receipt(_ orders: [(name: String, cents: Int)]) -> [String] { orders.map(\\.name) }\n"])
        #expect(result.pairs.isEmpty, "\(result.pairs)")
        #expect(result.html().contains("No pair stands out"))
    }

    @Test("code most of the class shares is no sign of copying; a pair within it still is")
    func commonCode() {
        var sources: [String: String] = [:]
        for name in ["a", "b", "c", "d", "e"] { sources[name] = Self.different }
        sources["kim"] = Self.original
        sources["lou"] = Self.renamed
        let result = similarity(sources)
        #expect(result.pairs.map { "\($0.first)+\($0.second)" } == ["kim+lou"], "\(result.pairs)")
    }

    @Test("shingles rename the student's own names in order, and keep the starter's and the keywords")
    func shingles() {
        let keep: Set<String> = ["orders", "cents"]
        let one = Similarity.shingles(of: "var sum = 0; for order in orders { sum += order.cents }", keeping: keep)
        let two = Similarity.shingles(of: "var grand = 0; for o in orders { grand += o.cents }", keeping: keep)
        #expect(one == two)
        #expect(one.contains("for $0 in orders { $1"), "order, then sum: numbered within the shingle")
        #expect(Similarity.shingles(of: "let x = orders", keeping: keep) == ["let $0 = orders"], "shorter than a shingle: one")
    }
}
