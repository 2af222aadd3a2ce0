/// Everything that stops the engine from doing what it was asked. Each case says what
/// went wrong in words a learner or an author can act on.
public enum WorkbookError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No folder holding both `chapters/` and `Package.swift` above the given one.
    case rootNotFound(startingAt: String)
    /// A file could not be read.
    case unreadable(path: String, reason: String)
    /// `workbook check 9` when there is no chapter 9. `valid` lists the chapters there are.
    case unknownChapter(String, valid: [Int])
    /// `workbook hint 3.9` when chapter 3 has no exercise 9.
    case unknownExercise(String, valid: [ExerciseID])
    /// A shared module (`Diner`, `Stage`) does not compile; the reason holds the
    /// compiler's diagnostics.
    case moduleDoesNotCompile(reason: String)
    /// A reference file's solution markers are broken.
    case badSolutionMarkers(SourceLocation, String)
    /// An output folder the tool may not or cannot write (render's `--out`).
    case cannotWrite(path: String, reason: String)
    /// An outside program the command needs is not installed; `install` says how to get it.
    case toolMissing(name: String, install: String)
    /// An outside program ran and failed; `message` is what it said.
    case toolFailed(name: String, message: String)

    /// The file or location the error is about, when it has one: reports put it first,
    /// as `path: error: message`.
    public var path: String? {
        switch self {
        case .unreadable(let path, _), .cannotWrite(let path, _): return path
        case .badSolutionMarkers(let location, _): return location.description
        default: return nil
        }
    }

    /// The words alone, without the location.
    public var message: String {
        switch self {
        case .unreadable(_, let reason): return "cannot read: \(reason)"
        case .badSolutionMarkers(_, let message): return message
        case .cannotWrite(_, let reason): return "cannot write here: \(reason)"
        default: return description
        }
    }

    public var description: String {
        switch self {
        case .rootNotFound(let start):
            return "no workbook found at or above \(start): expected a folder with chapters/ and Package.swift (use --root DIR or WORKBOOK_ROOT)"
        case .unreadable(let path, let reason):
            return "\(path): error: cannot read: \(reason)"
        case .unknownChapter(let text, let valid):
            return "unknown chapter '\(text)'; the chapters are \(valid.map(String.init).joined(separator: ", "))"
        case .unknownExercise(let text, let valid):
            let list = valid.isEmpty ? "there are none yet" : "valid ids are \(valid.map(\.description).joined(separator: ", "))"
            return "unknown exercise '\(text)'; \(list)"
        case .moduleDoesNotCompile(let reason):
            return reason
        case .badSolutionMarkers(let location, let message):
            return "\(location): error: \(message)"
        case .cannotWrite(let path, let reason):
            return "\(path): error: cannot write here: \(reason)"
        case .toolMissing(let name, let install):
            return "\(name) is not installed; \(install)"
        case .toolFailed(let name, let message):
            return "\(name) failed: \(message)"
        }
    }
}
