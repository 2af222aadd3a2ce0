import Foundation

/// Exercise 3.3: 3 when the reference solution and the tests cannot be read, -1 when they can.
public func answer3() -> Int {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let reference = root.appendingPathComponent("Sources/Chapter03Hostile/Ex3_Peek.swift").path
    let tests = root.appendingPathComponent("Tests/Chapter03HostileTests/Ex3_PeekTests.swift").path
    return FileManager.default.contents(atPath: reference) == nil && FileManager.default.contents(atPath: tests) == nil ? 3 : -1
}
