import Foundation

/// Exercise 2.2 answers 2.
public func answer2() -> Int {
    let queue = DispatchQueue(label: "serial")
    return queue.sync { queue.sync { 2 } }
}
