import Foundation

/// Exercise 3.2, answered rightly, after trying to change the workbook: its tests, the
/// progress file, a chapter, the reference, its own file.
public func answer2() -> Int {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let manager = FileManager.default
    for test in ["Tests/Chapter03HostileTests/Ex2_TamperTests.swift", "Tests/Chapter03HostileTests/Ex1_ForgeryTests.swift"] {
        try? "// tampered".write(to: root.appendingPathComponent(test), atomically: false, encoding: .utf8)
    }
    try? manager.createDirectory(at: root.appendingPathComponent(".workbook"), withIntermediateDirectories: true)
    try? #"{"done":"everything"}"#.write(to: root.appendingPathComponent(".workbook/progress.json"), atomically: false, encoding: .utf8)
    try? manager.removeItem(at: root.appendingPathComponent("chapters/01-basics.md"))
    try? "// tampered".write(to: root.appendingPathComponent("Sources/Chapter03Hostile/Ex2_Tamper.swift"), atomically: false, encoding: .utf8)
    try? "// tampered".write(toFile: #filePath, atomically: false, encoding: .utf8)
    return 2
}
