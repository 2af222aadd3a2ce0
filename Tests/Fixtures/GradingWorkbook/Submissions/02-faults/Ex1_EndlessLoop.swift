import Foundation

/// Exercise 2.1 answers 1.
public func answer1() -> Int {
    var n = 0
    while n >= 0 { n = (n + 1) % 7 }
    return n
}
