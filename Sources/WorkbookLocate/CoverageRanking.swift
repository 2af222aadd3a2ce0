import Foundation

/// Per-test coverage, ranked (spectrum-based fault localization): the learner's lines
/// scored by how much more the failing tests ran them than the passing ones, by Ochiai's
/// measure (ef / √(F · (ef + ep)); Abreu et al. found it ranks the faulty line higher than
/// Jones and Harrold's Tarantula, 2005). A score is only an order: a line is *named* only
/// for what the runs show. A mistake on one line is run by every failing test (a test
/// that never ran it could not fail by it), so the line named is the one line of the
/// learner's that every failing test ran and no passing test did — and none when two
/// such lines, or none, are there. A line only some failing tests ran, even if no passing
/// test ran it, is not named: in the planted-mistake suite, 2.5's wrong key in `findKey`
/// (run by passing tests too) had `removing`'s first line run by failing tests only, and
/// naming it was naming a wrong line (measured).
struct CoverageRanking: Equatable {
    /// The line named, if one is.
    var named: Int?
    /// The learner's lines the failing tests ran, shown when nothing is named: in file
    /// order, but when there are more than a report shows (`shown`), those with the highest
    /// scores first (in file order among themselves), so that the lines the failing tests
    /// ran most against the passing ones are the ones on screen.
    var ranByFailing: [Int]

    /// Ochiai's score of a line run by `failedRunning` of `failed` failing tests and by
    /// `passedRunning` passing ones; 0 when no failing test ran it.
    static func ochiai(failedRunning: Int, passedRunning: Int, failed: Int) -> Double {
        guard failedRunning > 0, failed > 0 else { return 0 }
        return Double(failedRunning) / (Double(failed) * Double(failedRunning + passedRunning)).squareRoot()
    }

    /// `failing` and `passing`: each test's lines of the file that ran (1-based), for the
    /// tests whose counters were written (a crashed test writes none: it is left out, not
    /// counted as running nothing). `written`: the lines the learner wrote (`LearnerMutants.learnerLines`).
    ///
    /// Nothing is named without a passing test (every line a failing test ran would then
    /// be "run by failing tests only", which singles nothing out), nor when no line the
    /// failing tests ran was run by a passing test.
    static func rank(failing: [Set<Int>], passing: [Set<Int>], written: Set<Int>, shown: Int = 12) -> CoverageRanking {
        let ran = failing.reduce(into: Set<Int>()) { $0.formUnion($1) }.intersection(written)
        let listed = CoverageRanking(named: nil, ranByFailing: shownFirst(ran, failing: failing, passing: passing, shown: shown))
        guard !failing.isEmpty, !passing.isEmpty else { return listed }
        let ranByPassing = passing.reduce(into: Set<Int>()) { $0.formUnion($1) }
        guard !ran.isDisjoint(with: ranByPassing) else { return listed }
        let everyFailing = ran.filter { line in failing.allSatisfy { $0.contains(line) } }
        let only = everyFailing.subtracting(ranByPassing)
        guard only.count == 1 else { return listed }
        return CoverageRanking(named: only.first, ranByFailing: listed.ranByFailing)
    }

    /// `ran` in file order, or past `shown` lines the `shown` highest-scoring first (ties by line).
    static func shownFirst(_ ran: Set<Int>, failing: [Set<Int>], passing: [Set<Int>], shown: Int) -> [Int] {
        guard ran.count > shown else { return ran.sorted() }
        // Typed out: inferred closures here cost seconds of type-checking in every build.
        let scores = Dictionary(uniqueKeysWithValues: ran.map { (line: Int) -> (Int, Double) in
            (line, ochiai(failedRunning: failing.filter { $0.contains(line) }.count,
                          passedRunning: passing.filter { $0.contains(line) }.count, failed: failing.count))
        })
        let best = Set(ran.sorted { (a: Int, b: Int) -> Bool in scores[a]! != scores[b]! ? scores[a]! > scores[b]! : a < b }.prefix(shown))
        return best.sorted() + ran.subtracting(best).sorted()
    }
}
