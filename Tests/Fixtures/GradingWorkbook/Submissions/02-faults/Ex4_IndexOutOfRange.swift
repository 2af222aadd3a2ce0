import Foundation

/// Exercise 2.4 answers 4.
public func answer4() -> Int {
    let empty: [Int] = []
    return empty[4]
}
