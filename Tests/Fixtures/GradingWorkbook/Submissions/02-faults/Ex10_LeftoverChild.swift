import Foundation

/// Exercise 2.10 answers 10.
public func answer10() -> Int {
    let sleeper = Process()
    sleeper.executableURL = URL(fileURLWithPath: "/bin/sleep")
    sleeper.arguments = ["97.531"]
    try? sleeper.run()
    return 10
}
