/// What each kind of exercise means to the tool, decided in one place.
///
/// Every rule is an exhaustive `switch`: a new kind does not compile until each rule has
/// been decided for it, instead of falling silently on one side of a scattered `==`.
extension Exercise.Kind {
    /// What judges a learner's answer.
    public enum Judge: Sendable, Equatable {
        /// Swift code in the chapter's module, graded by the exercise's Swift Testing suite.
        case tests
        /// The output the learner predicts, compared with what the program prints.
        case prediction
    }

    public var judge: Judge {
        switch self {
        case .write, .compile, .race: .tests
        case .predict: .prediction
        }
    }

    /// Whether the untouched starter compiles. A compile exercise's starter is rejected by
    /// Swift 6 on purpose (`verify` proves it), so its reference stands in for it in a
    /// build, and it is left out of runs without a build that would only say so.
    package var starterCompiles: Bool {
        switch self {
        case .write, .predict, .race: true
        case .compile: false
        }
    }

    /// Whether another exercise's tests may call this one's code (`Uses:`): only code whose
    /// starter compiles and that tests grade.
    package var canBeUsedByOthers: Bool {
        switch self {
        case .write: true
        // A race exercise's code is built a second time, alone, under the sanitizer.
        case .compile, .predict, .race: false
        }
    }

    /// Whether its tests run a second time, built with `-sanitize=thread`, and a report of
    /// the Thread Sanitizer fails the exercise (`ThreadSanitizerJudge`).
    package var runsUnderThreadSanitizer: Bool {
        switch self {
        case .race: true
        case .write, .compile, .predict: false
        }
    }

    /// The word `list` shows beside the title; the everyday kind shows none.
    public var label: String? {
        switch self {
        case .write: nil
        case .compile, .predict, .race: rawValue
        }
    }
}

extension Exercise {
    /// Whether a class's grades have a cell for it: it has its reference, and what judges
    /// it (a tests file, or its prediction) is there.
    public var isGradable: Bool {
        guard referenceFile != nil else { return false }
        switch kind.judge {
        case .tests: return testsFile != nil
        case .prediction: return true
        }
    }
}
