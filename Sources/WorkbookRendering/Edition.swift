/// Which handout to render. The student edition must never carry a reference solution
/// or test code; the instructor edition adds both to every exercise.
public enum Edition: String, Sendable, Equatable, CaseIterable {
    case student
    case instructor

    /// What the page banner calls it.
    public var displayName: String {
        switch self {
        case .student: return "Student edition"
        case .instructor: return "Instructor edition"
        }
    }
}
