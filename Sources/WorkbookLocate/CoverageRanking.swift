import Foundation

/// Per-test coverage, ranked (spectrum-based fault localization): the learner's lines
/// scored by how much more the failing tests ran them than the passing ones, by Ochiai's
/// measure (ef / √(F · (ef + ep)); Abreu et al. found it ranks the faulty line higher than
/// Jones and Harrold's Tarantula, 2005). A score is only an order: a line is *named* only
/// for a fact the runs show, that failing tests ran it and no passing test did.
struct CoverageRanking: Equatable {
    /// Lines named, at most `limit`: run by failing tests only, the highest score first
    /// (every failing test ran the first when any line was), then by line.
    var named: [Int]
    /// Lines that qualified beyond `limit`, not named.
    var moreNamed: Int
    /// The learner's lines the failing tests ran, shown when nothing is named: in file
    /// order, but when there are more than a report shows (`shown`), those with the highest
    /// scores first (in file order among themselves), so that the lines the failing tests
    /// ran most against the passing ones are the ones on screen (3.10's emptied `cancel()`
    /// was the 13th of 13 in file order).
    var ranByFailing: [Int]

    /// Lines named at most.
    static let limit = 3

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
    /// be "run by failing tests only", which singles nothing out), nor when every line the
    /// failing tests ran qualifies.
    static func rank(failing: [Set<Int>], passing: [Set<Int>], written: Set<Int>, shown: Int = 12) -> CoverageRanking {
        let ran = failing.reduce(into: Set<Int>()) { $0.formUnion($1) }.intersection(written)
        let ranByFailing = shownFirst(ran, failing: failing, passing: passing, shown: shown)
        guard !failing.isEmpty, !passing.isEmpty else { return CoverageRanking(named: [], moreNamed: 0, ranByFailing: ranByFailing) }
        let ranByPassing = passing.reduce(into: Set<Int>()) { $0.formUnion($1) }
        let onlyFailing = ran.subtracting(ranByPassing)
        guard !onlyFailing.isEmpty, onlyFailing.count < ran.count else {
            return CoverageRanking(named: [], moreNamed: 0, ranByFailing: ranByFailing)
        }
        // Typed out: the inferred tuple closures took 2.5 s to type-check in every build.
        let scored: [(line: Int, score: Double)] = onlyFailing.map { (line: Int) -> (line: Int, score: Double) in
            (line, ochiai(failedRunning: failing.filter { $0.contains(line) }.count, passedRunning: 0, failed: failing.count))
        }
        let ordered = scored.sorted { (a: (line: Int, score: Double), b: (line: Int, score: Double)) -> Bool in
            a.score != b.score ? a.score > b.score : a.line < b.line
        }
        return CoverageRanking(named: ordered.prefix(limit).map(\.line), moreNamed: max(0, ordered.count - limit), ranByFailing: ranByFailing)
    }

    /// `ran` in file order, or past `shown` lines the `shown` highest-scoring first (ties by line).
    static func shownFirst(_ ran: Set<Int>, failing: [Set<Int>], passing: [Set<Int>], shown: Int) -> [Int] {
        guard ran.count > shown else { return ran.sorted() }
        let scores = Dictionary(uniqueKeysWithValues: ran.map { (line: Int) -> (Int, Double) in
            (line, ochiai(failedRunning: failing.filter { $0.contains(line) }.count,
                          passedRunning: passing.filter { $0.contains(line) }.count, failed: failing.count))
        })
        let best = Set(ran.sorted { (a: Int, b: Int) -> Bool in scores[a]! != scores[b]! ? scores[a]! > scores[b]! : a < b }.prefix(shown))
        return best.sorted() + ran.subtracting(best).sorted()
    }
}
