import Testing
import Chapter05Sorting

@Suite("Exercise 5.6: Catch a comparator that breaks the rules")
struct Ex6_OrderingViolationTests {
    enum Hand: String, CustomStringConvertible {
        case rock, paper, scissors
        var description: String { rawValue }
        /// "Comes before" means "beats": a circle, not an order.
        static func beats(_ a: Hand, _ b: Hand) -> Bool {
            switch (a, b) {
            case (.rock, .scissors), (.scissors, .paper), (.paper, .rock): true
            default: false
            }
        }
    }

    @Test("accepts a correct comparator", arguments: [[], [7], [3, 1, 2], [5, 5, 1, 9, 1]] as [[Int]])
    func correct(sample: [Int]) {
        let found = firstOrderingViolation(in: sample, by: <)
        #expect(found == nil, "< is a strict weak ordering, but \(sample) was reported as \(String(describing: found))")
    }

    @Test("catches <= even when every value in the sample is different", arguments: [[3, 1, 2], [4], [1, 1]] as [[Int]])
    func lessThanOrEqual(sample: [Int]) throws {
        let found = try #require(
            firstOrderingViolation(in: sample, by: <=),
            "<= was not caught on \(sample): check whether an element comes before itself, not just pairs of different elements")
        #expect(found == .irreflexivity(sample[0]), "expected .irreflexivity(\(sample[0])), the first element of the sample; got \(found)")
        #expect(found.explanation.contains("itself"), "the explanation should say the element comes before itself: \(found.explanation)")
    }

    @Test("catches a second key that can overrule the first")
    func asymmetry() throws {
        // Price descending "or" name ascending: the classic two-key mistake.
        let dishes = [(name: "Apple Pie", cents: 249), (name: "Burger", cents: 499)]
        let found = try #require(
            firstOrderingViolation(in: dishes.indices.map { $0 }) { i, j in
                dishes[i].cents > dishes[j].cents || dishes[i].name < dishes[j].name
            },
            "the comparator says Apple Pie comes before Burger (by name) and Burger before Apple Pie (by price); that was not caught")
        #expect(found == .asymmetry(0, 1), "expected .asymmetry(0, 1) (elements are indices here); got \(found)")
    }

    @Test("reports the first of several pairs that break asymmetry")
    func firstOfSeveralPairs() throws {
        // "Different means first": every pair comes first both ways.
        let found = try #require(
            firstOrderingViolation(in: [0, 1, 2]) { a, b in a != b },
            "every pair of 0, 1 and 2 comes before the other both ways, and that was not caught")
        #expect(found == .asymmetry(0, 1),
                "expected .asymmetry(0, 1), the first pair with the loops over sample[i] and then sample[j] (j > i) each from the start; got \(found)")
    }

    @Test("catches an order that goes round in a circle")
    func transitivity() throws {
        let found = try #require(
            firstOrderingViolation(in: [Hand.rock, .paper, .scissors], by: Hand.beats),
            "rock beats scissors beats paper beats rock is not an order, but no violation was found")
        #expect(
            found == .transitivity(.rock, .scissors, .paper),
            "expected .transitivity(rock, scissors, paper): rock before scissors, scissors before paper, yet not rock before paper; got \(found)")
    }

    @Test("reports the first broken triple in sample order when several are broken")
    func firstOfSeveralTriples() throws {
        // 0…4 with these "comes before" arrows: irreflexive and asymmetric, but the
        // triples (3, 2, 0), (3, 2, 1), (3, 4, 0) and (4, 0, 1) all break transitivity.
        let arrows: Set<[Int]> = [[0, 1], [2, 0], [2, 1], [3, 2], [3, 4], [4, 0]]
        // The loops are named only when a broken triple in sample order is caught: 0 before 1, 1 before 2, not 0 before 2.
        let ascendingCaught = firstOrderingViolation(in: [0, 1, 2]) { [[0, 1], [1, 2]].contains([$0, $1]) } != nil
        let found = try #require(
            firstOrderingViolation(in: [0, 1, 2, 3, 4]) { arrows.contains([$0, $1]) },
            Comment(rawValue: "3 comes before 2 and 2 before 0, but 3 does not come before 0; no violation was found"
                + (ascendingCaught ? ": a broken triple whose elements are in sample order (0, 1, 2) is caught, this one is not; try every ordered triple, not only those with j > i" : "")))
        #expect(found == .transitivity(3, 2, 0),
                "expected .transitivity(3, 2, 0), the first broken triple with the loops over sample[i], sample[j], sample[k] nested in that order, each from the start of the sample; got \(found)")
    }

    @Test("reports the first of several tie chains in sample order", arguments: [
        ([1.9, 1.5, 1.7, 2.3, 2.1], [1.5, 1.9, 2.3]),
        ([1.0, 1.8, 1.4], [1.0, 1.4, 1.8]),
    ] as [([Double], [Double])])
    func firstOfSeveralTieChains(sample: [Double], expected: [Double]) throws {
        let clearlySmaller: (Double, Double) -> Bool = { a, b in b - a > 0.5 }
        let want = OrderingViolation.transitivityOfTies(expected[0], expected[1], expected[2])
        let found = try #require(
            firstOrderingViolation(in: sample, by: clearlySmaller),
            "\(expected[0]) ties \(expected[1]) and \(expected[1]) ties \(expected[2]), but \(expected[0]) and \(expected[2]) do not tie; that was not caught on \(sample)")
        #expect(found == want,
                "on \(sample), expected \(want), the first broken triple with the loops over sample[i], sample[j], sample[k] nested in that order, each from the start of the sample; got \(found)")
    }

    @Test("catches ties that do not chain, as a comparator with a tolerance makes")
    func transitivityOfTies() throws {
        // "Clearly smaller": differences up to 0.5 count as ties.
        let clearlySmaller: (Double, Double) -> Bool = { a, b in b - a > 0.5 }
        let found = try #require(
            firstOrderingViolation(in: [1.0, 1.4, 1.8], by: clearlySmaller),
            "1.0 ties 1.4 and 1.4 ties 1.8, but 1.0 comes before 1.8; that was not caught")
        #expect(found == .transitivityOfTies(1.0, 1.4, 1.8), "expected .transitivityOfTies(1.0, 1.4, 1.8); got \(found)")
    }
}
