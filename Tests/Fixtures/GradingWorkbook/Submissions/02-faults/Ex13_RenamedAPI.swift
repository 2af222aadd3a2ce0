import Foundation

/// Exercise 2.13 answers 13, under a name the tests do not know.
public func answerThirteen() -> Int {
    return 13
}
