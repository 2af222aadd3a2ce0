import Testing
@testable import WorkbookCLI

/// `workbook solution`'s diff: declarations matched by name, comments left out unless asked.
@Suite("The solution's diff")
struct SolutionDiffTests {
    static let reference = """
    import Stage

    public enum Buttons {
        // BEGIN SOLUTION
        /// Why the model answer keeps the id apart: two buttons may share a title.
        public struct ActionID: Hashable, Sendable {
            public let raw: Int
        }

        public final class ActionButton {
            // The handlers, by id: removing one is a dictionary removal.
            private var handlers: [ActionID: () -> Void] = [:]
            private var next = 0
        }
        // END SOLUTION
    }

    """

    /// The same two declarations, the other way round, with comments of the learner's own.
    static let learner = """
    import Stage

    public enum Buttons {
        public final class ActionButton {
            // my handlers
            private var handlers: [ActionID: () -> Void] = [:]
            private var next = 1
        }

        public struct ActionID: Hashable, Sendable {
            public let raw: Int
        }
    }

    """

    @Test("pairs the learner's struct with the model's struct, not with the class's stored properties")
    func alignsByName() throws {
        let diff = try #require(try SolutionDiff(reference: Self.reference, path: "Ex6.swift", learner: Self.learner).diffs(learnerName: "mine").first)
        let removed = diff.split(separator: "\n").filter { $0.hasPrefix("-") && !$0.hasPrefix("---") }
        let added = diff.split(separator: "\n").filter { $0.hasPrefix("+") && !$0.hasPrefix("+++") }
        // Only the one line that differs: `next = 1` against `next = 0`.
        #expect(removed == ["-        private var next = 1"], "\(diff)")
        #expect(added == ["+        private var next = 0"], "\(diff)")
        #expect(diff.contains("your declarations in the model answer's order"))
    }

    @Test("leaves comment lines out unless --comments")
    func comments() throws {
        let comparison = try SolutionDiff(reference: Self.reference, path: "Ex6.swift", learner: Self.learner)
        let plain = try #require(comparison.diffs(learnerName: "mine").first)
        #expect(!plain.contains("//"), "\(plain)")
        let withComments = try #require(comparison.diffs(learnerName: "mine", comments: true).first)
        #expect(withComments.contains("-        // my handlers"))
        #expect(withComments.contains("+    /// Why the model answer keeps the id apart"))
    }

    @Test("names a declaration by kind and name through its modifiers and attributes")
    func keys() {
        #expect(SolutionDiff.declarationKey("@MainActor public final class ActionButton {") == "class ActionButton")
        #expect(SolutionDiff.declarationKey("public func tap(_ id: ActionID) {") == "func tap")
        #expect(SolutionDiff.declarationKey("private(set) var count = 0") == "var count")
        #expect(SolutionDiff.declarationKey("return handlers.count") == nil)
    }

    @Test("never reorders the statements of a body")
    func statementsKeepTheirOrder() {
        let body = ["let b = 2", "let a = 1", "return a + b"]
        #expect(SolutionDiff.aligned(body, to: ["let a = 1", "let b = 2", "return a + b"]) == body)
    }
}
