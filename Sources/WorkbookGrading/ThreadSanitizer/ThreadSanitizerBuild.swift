import Foundation
import WorkbookModel
import WorkbookSystem
import WorkbookToolchain

/// A race exercise's second build (`InstrumentedRunnerBuild`): its learner file with the
/// chapter's support files as the chapter's module, its tests and the runner's `main`,
/// and the runner linked, all with `-sanitize=thread` (TSan instruments only what it
/// compiles: the tests' reads must be instrumented as much as the learner's writes).
struct ThreadSanitizerBuild {
    let toolchain: SwiftToolchain
    let workbook: Workbook
    let cache: URL
    let moduleName: String
    /// The chapter's exercises: their references are left out of the support files.
    let exercises: [Exercise]

    /// Flags of every compile here: the workbook's own, line tables (TSan's report
    /// names `file:line` from them), the sanitizer.
    static let flags = CrashReport.moduleFlags + ThreadSanitizerReport.compilerFlags

    static let flavor = InstrumentedRunnerBuild.Flavor(name: "tsan", moduleFlags: flags, testsFlags: flags, linkFlags: flags,
                                                       besideRunner: [suppressionsName: suppressions])

    /// The runner for `exercise`'s tests built against `submission`, or what the compiler said.
    func runner(for exercise: Exercise, submission: Submission) throws -> BuildResult<TestRunner> {
        let build = InstrumentedRunnerBuild(toolchain: toolchain, workbook: workbook, cache: cache, moduleName: moduleName, exercises: exercises)
        return try build.runner(for: exercise, submission: submission, flavor: Self.flavor).map { runner in
            let suppressions = runner.deletingLastPathComponent().appendingPathComponent(Self.suppressionsName).path
            // No Swift backtracer: on a trap it and TSan's runtime both handled the signal,
            // and TSan failed ("CHECK failed: tsan_rtl.cpp:261", measured) instead of the
            // trap being reported; without it the runtime's "Fatal error" line is still there.
            return TestRunner(executable: runner, environment: ["TSAN_OPTIONS": ThreadSanitizerReport.runtimeOptions + ":suppressions=" + suppressions,
                                                                 "SWIFT_BACKTRACE": "enable=no"],
                              threadSanitizer: true)
        }
    }

    static let suppressionsName = "tsan-suppressions.txt"

    /// What TSan is told to keep quiet about: the runner's own results channel, never the
    /// learner's code (a suppression matches a report by a frame of its stacks, and no
    /// learner code runs inside the channel). The channel guards its state with
    /// `Synchronization.Mutex`, whose contended lock and unlock run in the runtime's
    /// uninstrumented library, so TSan misses the ordering they give: "Swift access race"
    /// in `WorkbookRunnerChannel.send` in 11 of 20 runs of a clean exercise (measured; a
    /// contended `Mutex` hammered by 8 threads was reported on every run too).
    static let suppressions = """
        race:WorkbookRunner0aB7Channel
        race:WorkbookRunnerChannel

        """
}
