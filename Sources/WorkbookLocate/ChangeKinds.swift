/// What kind of change a repairing mutant made, in words a hint can give without giving
/// the change itself (issue 54: `hint` may reveal the kind of change as its last step).
/// Keyed by the `mutate` operator's name; an operator not listed is said as "a small change".
enum ChangeKinds {
    static let words: [String: String] = [
        "comparison-boundary": "a comparison that should include, or leave out, its boundary",
        "comparison-flipped": "a comparison that points the wrong way",
        "equality": "an equality test the wrong way round (== against !=)",
        "ordering-result": "the other ordering result",
        "boolean": "the other Boolean operator (&& against ||)",
        "negation-removed": "a negation (!) too many or too few",
        "true-false": "the opposite Boolean value",
        "arithmetic": "the other arithmetic operator",
        "off-by-one": "a number one too large or one too small",
        "range": "the other range operator (..< against ...)",
        "first-last": "the other end (first against last)",
        "min-max": "the other extreme (min against max)",
        "shorthand-argument": "the closure's arguments taken the other way round ($0 against $1)",
        "reversed": "an order reversed, or not reversed",
        "async-sync": "async against sync",
        "main-hop-removed": "the queue the work runs on",
        "queue-hop-removed": "the queue the work runs on",
        "queue-swapped": "the queue the work runs on",
        "weak-to-strong": "how the closure captures",
        "call-doubled": "a call made once too often",
        "completion-doubled": "a completion called once too often",
        "line-deleted": "a statement that should not be there",
        "state-update-deleted": "a statement that should not be there",
        "statements-swapped": "two statements in the other order",
        "completion-first": "a completion called at the wrong moment",
        "check-then-act-split": "a check and what it guards, under one lock",
        "name-swapped": "one name used where another of your names belongs",
        "arguments-swapped": "the closure's two arguments taken the other way round",
        "ternary-swapped": "a conditional's two outcomes the other way round",
        "end-swapped": "the other end of the array (append against insert at 0)",
        "capture-list-removed": "how the closure captures",
        "option-removed": "an option the call should not have",
        "check-then-act-joined": "a check and what it guards, under one lock",
        "self-weakened": "how the closure captures",
        "error-rethrown": "an error passed on, not swallowed (try against try?)",
        "read-inlined": "when the value is read (once, or at each call)",
    ]

    static func words(for operatorName: String?) -> String {
        operatorName.flatMap { words[$0] } ?? "a small change"
    }
}
