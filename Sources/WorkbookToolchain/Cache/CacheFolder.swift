import Foundation
import WorkbookSystem

/// Every folder of a workbook's cache (`.workbook/cache`), named once, with how the pruner
/// treats it: the code that fills a folder and the pruner's keep-list read the same name,
/// so a new folder is pruned (or kept) by deciding its case here, not by a second list.
package enum CacheFolder: String, CaseIterable, Sendable {
    /// The toolchain's version (a file, not a folder), so that a command does not ask
    /// `swiftc` every time.
    case toolchainVersion = "toolchain-version"
    /// The back end's compile commands, recorded once per toolchain and input shape.
    case recipes
    /// The generated `main` that runs a chapter's snippets in forked children.
    case launcher
    /// Each chapter's starters, derived from its references (what "not started" compares with).
    case starters
    /// Compiled support and chapter modules (`modules/Diner-<key>`).
    case modules
    /// A chapter module's inputs remembered by their file stamps, so a check skips hashing them.
    case moduleKeys = "module-keys"
    /// Chapter modules built as shared libraries for the test runners.
    case sharedModules = "shared-modules"
    /// A chapter's compiled tests, per module interface.
    case testObjects = "test-objects"
    /// The test runners' `main`, compiled once per toolchain and linked with every chapter's tests.
    case runnerMain = "runner-main"
    /// The repair probe's switch, compiled into every chapter module (`MutantSwitch`).
    case mutantSwitch = "mutant-switch"
    /// Linked test runners.
    case runners
    /// One folder per run of a runner (its event stream and output), removed after it.
    case runs
    /// A whole check's result, by the content of everything it graded.
    case results
    /// One exercise's result, so an unchanged exercise is not graded again.
    case exerciseResults = "exercise-results"
    /// A test build's lasting failure (the compiler exited with an error), so it is not retried.
    case failures
    /// An untouched compile starter's diagnostics, so its failed build is paid once.
    case compileStarters = "compile-starters"
    /// In a student release, the empty file that takes the place of a compile exercise's
    /// file that does not compile (there is no reference to stand in for it).
    case leftOut = "left-out"
    /// Snippet programs, compiled.
    case snippetBuilds = "snippet-builds"
    /// Snippets' outputs, by program and input.
    case snippetExecutions = "snippet-executions"
    /// Zipped submissions unpacked by `workbook grade`.
    case classZips = "class-zips"
    /// A student's chapter with some files replaced (a reference standing in, a starter
    /// measured among the student's other files), by content, for `workbook grade`.
    case classVariants = "class-variants"
    /// The incremental build folder of checks (`workbook grade`'s lanes have their own,
    /// `builds-class-N`, pruned as this one).
    case builds
    /// The targets `Package.swift` declares, per content of it (`lint`'s package check).
    case packageTargets = "package-targets"
    /// `workbook mutate`'s workers and results, one level deeper (`mutate/results/<key>`).
    case mutate

    /// How the pruner treats a folder.
    package enum Pruning: Sendable, Equatable {
        /// Never pruned: small, and each entry costs a toolchain call or a chapter parse.
        case kept
        /// Each child is an entry, removed least recently used first.
        case entries
        /// Each child is a folder whose children are the entries.
        case nestedEntries
    }

    package var pruning: Pruning {
        switch self {
        case .toolchainVersion, .recipes, .launcher, .starters, .mutantSwitch:
            .kept
        case .modules, .moduleKeys, .sharedModules, .testObjects, .runnerMain, .runners, .runs, .results, .exerciseResults,
             .failures, .compileStarters, .leftOut, .snippetBuilds, .snippetExecutions, .classZips, .classVariants, .builds,
             .packageTargets:
            .entries
        case .mutate:
            .nestedEntries
        }
    }

    /// The folder in the cache at `cache`.
    package func url(in cache: URL) -> URL {
        cache.appendingPathComponent(rawValue, isDirectory: true)
    }

    /// `builds-class-N`: the incremental build folder of lane `lane` of `workbook grade`.
    package static func classLaneBuilds(_ lane: Int) -> String { "\(builds.rawValue)-class-\(lane)" }

    /// `mutate/results`: each mutant's outcome, by the content it was graded with.
    package static func mutateResults(in cache: URL) -> URL {
        mutate.url(in: cache).appendingPathComponent("results", isDirectory: true)
    }

    /// `mutate/workers/N`: worker `worker`'s workbook of links and reference copies.
    package static func mutateWorker(_ worker: Int, in cache: URL) -> URL {
        mutate.url(in: cache).appendingPathComponent("workers/\(worker)", isDirectory: true)
    }

    /// The names the pruner never touches.
    package static var kept: Set<String> { Set(allCases.filter { $0.pruning == .kept }.map(\.rawValue)) }
    /// The names whose entries sit one level deeper.
    package static var nested: Set<String> { Set(allCases.filter { $0.pruning == .nestedEntries }.map(\.rawValue)) }
}
