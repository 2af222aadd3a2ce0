import Foundation

/// Exercise 2.5 answers 5.
public func answer5() -> Int {
    let missing: Int? = nil
    return missing!
}
