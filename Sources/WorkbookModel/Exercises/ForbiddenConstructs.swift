/// Constructs an exercise's statement rules out, refused in a learner's file: each
/// silences a compiler check the exercise is about instead of meeting it. An exercise
/// names them with `· Forbids: `nonisolated(unsafe)`` in its files paragraph
/// (`docs/chapter-format.md`); a file that uses one does not compile for grading.
package enum ForbiddenConstructs {
    public struct Construct: Sendable, Equatable {
        /// What `Forbids:` and the refusal call it.
        public let name: String
        /// Its tokens in order, as `SourceTokens` splits code (comments and strings left out).
        public let tokens: [String]
        /// Why a statement rules it out, for the refusal.
        public let why: String
    }

    public static let table: [Construct] = [
        Construct(name: "nonisolated(unsafe)", tokens: ["nonisolated", "(", "unsafe", ")"],
                  why: "it turns the compiler's data-race check off for that variable; it makes no access safe"),
        Construct(name: "@unchecked Sendable", tokens: ["@unchecked", "Sendable"],
                  why: "it tells the compiler a type is safe to share between threads without the compiler checking it"),
        Construct(name: "@preconcurrency", tokens: ["@preconcurrency"],
                  why: "it turns the compiler's concurrency checks of a declaration or an import into warnings or nothing"),
    ]

    /// The names `Forbids:` takes.
    public static var names: [String] { table.map(\.name) }
}
