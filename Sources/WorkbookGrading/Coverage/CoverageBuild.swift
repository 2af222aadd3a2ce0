import Foundation
import WorkbookModel
import WorkbookSystem
import WorkbookToolchain

/// The runner per-test coverage runs (`CoverageRuns`), built as a race exercise's is
/// (`InstrumentedRunnerBuild`): the exercise's learner file with the chapter's support
/// files as the chapter's module, compiled with `-profile-generate
/// -profile-coverage-mapping` (each run writes its counters, and the runner holds the map
/// from counters to lines); the tests and the runner's `main` not instrumented (only the
/// learner's lines are asked about); the link with `-profile-generate`, for the profile
/// runtime. An exercise whose tests call another exercise's code does not build, and gets
/// no coverage.
struct CoverageBuild {
    let toolchain: SwiftToolchain
    let workbook: Workbook
    let cache: URL
    let moduleName: String
    /// The chapter's exercises: their references are left out of the support files.
    let exercises: [Exercise]

    static let flavor = InstrumentedRunnerBuild.Flavor(
        name: "coverage", moduleFlags: CrashReport.moduleFlags + ["-profile-generate", "-profile-coverage-mapping"],
        testsFlags: CrashReport.moduleFlags, linkFlags: CrashReport.moduleFlags + ["-profile-generate"])

    /// The runner for `exercise`'s tests built against `submission`, or what the compiler said.
    func runner(for exercise: Exercise, submission: Submission) throws -> BuildResult<TestRunner> {
        let build = InstrumentedRunnerBuild(toolchain: toolchain, workbook: workbook, cache: cache, moduleName: moduleName, exercises: exercises)
        return try build.runner(for: exercise, submission: submission, flavor: Self.flavor).map { TestRunner(executable: $0) }
    }
}
