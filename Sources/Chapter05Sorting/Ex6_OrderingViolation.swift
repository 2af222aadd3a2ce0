/// A broken law of strict weak ordering, with the elements that show it.
///
/// `sort(by:)` and `sorted(by:)` require `areInIncreasingOrder` to be a strict weak
/// ordering. Written `<` for "comes before" and `~` for "neither comes before the
/// other" (a tie), for all `a`, `b`, `c`:
///
/// 1. irreflexivity: `a < a` is false;
/// 2. asymmetry: `a < b` and `b < a` are not both true;
/// 3. transitivity: `a < b` and `b < c` imply `a < c`;
/// 4. transitivity of ties: `a ~ b` and `b ~ c` imply `a ~ c`.
public enum OrderingViolation<Element> {
    /// `a < a`: something comes before itself.
    case irreflexivity(Element)
    /// `a < b` and `b < a`: each comes before the other.
    case asymmetry(Element, Element)
    /// `a < b` and `b < c`, but not `a < c`.
    case transitivity(Element, Element, Element)
    /// `a ~ b` and `b ~ c`, but `a` and `c` are not tied.
    case transitivityOfTies(Element, Element, Element)

    /// The violation in words, for the person who wrote the comparator.
    public var explanation: String {
        switch self {
        case let .irreflexivity(a):
            return "\(a) comes before itself: areInIncreasingOrder(a, a) must be false "
                + "(a comparator written with <= or >= does this)"
        case let .asymmetry(a, b):
            return "\(a) comes before \(b) and \(b) comes before \(a): at most one of them "
                + "may come first (a second key that can overrule the first does this)"
        case let .transitivity(a, b, c):
            return "\(a) comes before \(b) and \(b) before \(c), but \(a) does not come "
                + "before \(c): the order must be transitive (a rock-paper-scissors order)"
        case let .transitivityOfTies(a, b, c):
            return "\(a) ties with \(b) and \(b) ties with \(c), but \(a) and \(c) are not "
                + "tied: ties must be transitive (a comparator with a tolerance does this)"
        }
    }
}

extension OrderingViolation: Equatable where Element: Equatable {}
extension OrderingViolation: Sendable where Element: Sendable {}

/// Tests `areInIncreasingOrder` on every element, pair and triple of `sample` and
/// returns the first broken law, or `nil` when the sample shows none.
///
/// Check the laws in the order they are listed on `OrderingViolation` (all of law 1,
/// then all of law 2, …); within a law, try elements in the order of `sample`
/// (`sample[i]`, then `sample[j]`, then `sample[k]`, loops nested in that order).
/// A sample can prove a comparator wrong, never right: test with the data you sort.
public func firstOrderingViolation<Element>(
    in sample: [Element],
    by areInIncreasingOrder: (Element, Element) -> Bool
) -> OrderingViolation<Element>? {
    // BEGIN SOLUTION
    let before = areInIncreasingOrder
    // Tied: neither comes before the other.
    func tied(_ a: Element, _ b: Element) -> Bool { !before(a, b) && !before(b, a) }

    // 1. Nothing comes before itself. This is the check that catches `<=`: with
    //    distinct values, `<=` looks asymmetric, so checking pairs alone misses it.
    for a in sample where before(a, a) {
        return .irreflexivity(a)
    }
    // 2. Of two elements, at most one comes first.
    for (i, a) in sample.enumerated() {
        for b in sample[(i + 1)...] where before(a, b) && before(b, a) {
            return .asymmetry(a, b)
        }
    }
    // 3 and 4 look at every ordered triple.
    for a in sample {
        for b in sample {
            for c in sample where before(a, b) && before(b, c) && !before(a, c) {
                return .transitivity(a, b, c)
            }
        }
    }
    for a in sample {
        for b in sample {
            for c in sample where tied(a, b) && tied(b, c) && !tied(a, c) {
                return .transitivityOfTies(a, b, c)
            }
        }
    }
    return nil
    // STARTER:
    // nil  // try every element, pair and triple against the four laws
    // END SOLUTION
}
