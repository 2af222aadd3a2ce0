// TODO: come back to this after the lecture

/// The sum of `prices` in cents, with `reduce`.
public func total(_ prices: [Int]) -> Int {
	prices.first ?? 0
}

// not finished /* yet */

