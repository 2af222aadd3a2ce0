import Foundation
import Testing
@testable import WorkbookCLI

/// Issue 54's small untruths: what help, the README and the hints say is what the
/// workbook does.
@Suite("What help, the README and the hints state")
struct StatedFiguresTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func read(_ path: String) throws -> String {
        try String(contentsOf: repository.appendingPathComponent(path), encoding: .utf8)
    }

    @Test("help watch and the README give the time watch gathers changes for, the one it uses")
    func watchDebounce() throws {
        let milliseconds = Int(WatchCommand.quietPeriod * 1000)
        let help = runCLI(["help", "watch"], in: URL(fileURLWithPath: "/")).standardOutput
        #expect(help.contains("changes are gathered for \(milliseconds) ms"), "\(help)")
        let row = try #require(try Self.read("README.md").split(separator: "\n").first { $0.hasPrefix("| `workbook watch") })
        #expect(row.contains("\(milliseconds) ms debounce"), "\(row)")
    }

    @Test("3.5's first hint names the Locked<Order> its statement says init is given")
    func sharedOrderHint() throws {
        let statement = try Self.read("chapters/03-queues.md")
        #expect(statement.contains("keeping its order in the `Locked<Order>` its `init` is given"))
        let hints = try Self.read("chapters/hints/03-queues.md")
        let section = try #require(hints.components(separatedBy: "## Exercise 3.5").dropFirst().first)
        let first = try #require(section.components(separatedBy: "> Hint:").dropFirst().first)
        #expect(first.contains("`Locked<Order>` that `init` is given"), "\(first)")
        #expect(!first.contains("a `Mutex` from"), "the hint sends the learner to a Mutex of their own: \(first)")
    }
}
