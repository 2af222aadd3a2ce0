/// The exit codes of every command.
public enum ExitCode: Int32, Sendable {
    /// Done, and what was checked is fine.
    case success = 0
    /// Done, and what was checked has problems (lint findings, failing exercises).
    case failure = 1
    /// The command line is wrong, or names a chapter or exercise that does not exist.
    case usage = 2
    /// Asked in a student release for what only the teacher's workbook has (the model
    /// answers: `solution`, `run --reference`).
    case inRelease = 3
}
