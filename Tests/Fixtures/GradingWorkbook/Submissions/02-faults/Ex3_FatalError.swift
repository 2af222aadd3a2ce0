import Foundation

/// Exercise 2.3 answers 3.
public func answer3() -> Int {
    fatalError("the learner gave up")
}
