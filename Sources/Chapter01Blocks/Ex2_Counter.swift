// Exercise 1.2: A counter that counts its own calls.

/// Returns a closure that returns how many times it has been called,
/// counting this call: `1` the first time, then `2`, `3`, …
///
/// Two counters made by two calls to `makeCounter()` count independently.
public func makeCounter() -> () -> Int {
    // BEGIN SOLUTION
    // `count` lives on after `makeCounter` returns because the closure
    // captures the variable itself, not a copy of its value. Every call of
    // `makeCounter` makes a fresh variable, so every counter has its own.
    var count = 0
    return {
        count += 1
        return count
    }
    // STARTER:
    // return { 0 }
    // END SOLUTION
}
