/// An exercise: a section headed `Exercise N.M: Title`.
public struct Exercise: Sendable, Equatable {
    /// What the learner does: the `"kind"` of `list --format json`.
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// Write code until the exercise's tests pass.
        case write
        /// Read the exercise's `swift run predict` program and write down what it prints.
        case predict
        /// Make a starter that Swift 6 rejects compile, keeping what it does (tests check).
        case compile
        /// Make racy code right: its tests must pass, and pass again with the Thread
        /// Sanitizer watching (`-sanitize=thread`) without a report.
        case race
    }

    public var id: ExerciseID
    public var kind: Kind = .write
    public var title: String
    /// The heading's location: where the exercise starts.
    public var location: SourceLocation
    /// The heading's level (2 or 3).
    public var headingLevel: Int
    /// The prose that says what to build (every block but the hints and the files paragraph).
    public var statement: [MarkdownNode]
    /// From the chapter's hints file (`chapters/hints/NN-slug.md`), never from the chapter.
    public var hints: [Hint]
    /// Why a predict exercise's program prints what it does: shown once the prediction
    /// is right (from the hints file's `> Why:` quote).
    public var explanation: Hint?
    /// A compile exercise's expected diagnostic: the starter's errors must contain it.
    package var starterError: String?
    /// A race exercise's sanitizer (`Sanitizer: thread`): its tests run again under it.
    package var sanitizer: String?
    /// Earlier exercises whose learner code this one's tests use (`Uses: 4.2`).
    public var uses: [ExerciseID] = []
    /// A predict exercise's program: the line of its `swift run predict` snippet.
    public var programLine: Int?
    /// The reference solution, relative to the workbook root (`Sources/Chapter03Queues/Ex2_Load.swift`).
    public var referenceFile: String?
    /// The Swift Testing file, relative to the workbook root.
    public var testsFile: String?
    /// What the exercise is worth in a class's grades (`workbook grade`, `workbook classroom`):
    /// 1 unless its files paragraph says `· Points: 3`.
    public var points: Int { statedPoints ?? 1 }
    /// The files paragraph's `Points:`, when it has one.
    package var statedPoints: Int?
    /// The escape hatches (`EscapeHatches.table` names) its submissions may use unflagged:
    /// the files paragraph's `· Allows: Process, exit`.
    public var allows: [String] = []
    /// Constructs (`ForbiddenConstructs.table` names) its statement rules out, refused in
    /// a learner's file: the files paragraph's `· Forbids: `nonisolated(unsafe)``.
    package var forbids: [String] = []
    /// Where the `Reference:`/`Tests:` paragraph is, for diagnostics about those files.
    public var filesLocation: SourceLocation?

    public init(
        id: ExerciseID, title: String, location: SourceLocation, headingLevel: Int,
        statement: [MarkdownNode] = [], hints: [Hint] = [], referenceFile: String? = nil,
        testsFile: String? = nil, filesLocation: SourceLocation? = nil
    ) {
        self.id = id
        self.title = title
        self.location = location
        self.headingLevel = headingLevel
        self.statement = statement
        self.hints = hints
        self.referenceFile = referenceFile
        self.testsFile = testsFile
        self.filesLocation = filesLocation
    }

    /// The name of the learner's file: the reference file's name.
    public var fileName: String? { referenceFile.map { lastComponent($0) } }

    /// The Swift module the reference file belongs to (`Sources/<Module>/…`).
    public var moduleName: String? {
        // A predict exercise's reference is a prediction, in no module.
        guard let referenceFile, kind.judge == .tests else { return nil }
        return WorkbookLayout.module(ofSourceFile: referenceFile)
    }

    /// The test suite's type name: the tests file's name without `.swift`.
    package var suiteName: String? {
        testsFile.map { name in
            let file = lastComponent(name)
            return file.hasSuffix(".swift") ? String(file.dropLast(6)) : file
        }
    }
}

private func lastComponent(_ path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
}
