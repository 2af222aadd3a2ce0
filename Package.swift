// swift-tools-version:6.0
import PackageDescription

/// The chapters, in order. Each has a module of reference solutions and a
/// Swift Testing suite that checks them (and, through `workbook check`, the
/// learner's own answers).
let chapterModules = [
    "Chapter01Blocks",
    "Chapter02Enumeration",
    "Chapter03Queues",
    "Chapter04Animation",
    "Chapter05Sorting",
]

let strict: [SwiftSetting] = [
    .unsafeFlags(["-warnings-as-errors"]),
]

/// The engine's targets, lowest first (drawn in docs/architecture.md).
let engineTargets = [
    "WorkbookSystem", "WorkbookToolchain", "WorkbookModel", "WorkbookRunning",
    "WorkbookGrading", "WorkbookRendering", "WorkbookMutation", "WorkbookLocate", "WorkbookClassroom", "WorkbookRelease",
]
let engine: [Target.Dependency] = engineTargets.map { .target(name: $0) }

var targets: [Target] = [
    // cmark, the CommonMark reference library, from Debian's libcmark-dev.
    .systemLibrary(
        name: "CCmark",
        pkgConfig: "libcmark",
        providers: [.apt(["libcmark-dev"]), .brew(["cmark"])]
    ),
    // The engine, in layers the compiler keeps apart: a target may import only the ones
    // above it here, so an upward import does not build.
    // Platform and process basics: spawning, sandbox, locks, atomic files, hashing, lanes,
    // file stamps, watching. Every `#if os(Linux)` lives here, a portable branch beside it.
    .target(name: "WorkbookSystem", swiftSettings: strict),
    // The build layer: locating swiftc, the cache's folders and how each product is made
    // (CacheFolder, CacheEntry), the build back ends and their seam, module builds, diagnostics.
    .target(name: "WorkbookToolchain", dependencies: ["WorkbookSystem"], swiftSettings: strict),
    // What a workbook is: Markdown, chapter parsing, the model, exercises, lint, workspace,
    // progress, where a command may write, an author's scaffold.
    .target(name: "WorkbookModel", dependencies: ["CCmark", "WorkbookSystem", "WorkbookToolchain"], swiftSettings: strict),
    // What the tool does with a workbook, one concern a target. Running: a chapter's
    // snippets, the learner's modules they import, a figure's check, the editor's flags.
    .target(name: "WorkbookRunning", dependencies: ["WorkbookSystem", "WorkbookToolchain", "WorkbookModel"], swiftSettings: strict),
    // Grading an exercise: the build, the runner, the verdicts, results.json, verify.
    .target(name: "WorkbookGrading", dependencies: ["WorkbookSystem", "WorkbookToolchain", "WorkbookModel", "WorkbookRunning"], swiftSettings: strict),
    // Handouts: the chapter's page, Markdown to HTML, highlighting, books.
    .target(name: "WorkbookRendering", dependencies: ["WorkbookSystem", "WorkbookToolchain", "WorkbookModel", "WorkbookRunning"], swiftSettings: strict),
    // Mutants of the references, and whether the tests catch them.
    .target(name: "WorkbookMutation", dependencies: ["WorkbookSystem", "WorkbookToolchain", "WorkbookModel", "WorkbookGrading"], swiftSettings: strict),
    // Where to look in a failing exercise: the repair probe over mutant schemata (docs/localization.md).
    .target(name: "WorkbookLocate", dependencies: ["WorkbookSystem", "WorkbookToolchain", "WorkbookModel", "WorkbookGrading", "WorkbookMutation"], swiftSettings: strict),
    // A class: submissions, the gradebook, similarity, the Classroom workflow.
    .target(name: "WorkbookClassroom", dependencies: ["WorkbookSystem", "WorkbookToolchain", "WorkbookModel", "WorkbookGrading"], swiftSettings: strict),
    // A student release: what goes in, its manifest, its audit.
    .target(name: "WorkbookRelease", dependencies: ["WorkbookSystem", "WorkbookToolchain", "WorkbookModel", "WorkbookRendering", "WorkbookClassroom"], swiftSettings: strict),
    // The command line: arguments in, exit code out. Testable without spawning.
    .target(name: "WorkbookCLI", dependencies: engine, swiftSettings: strict),
    .executableTarget(name: "workbook", dependencies: ["WorkbookCLI"], swiftSettings: strict),
    // The diner's domain model, shared by the chapters.
    .target(name: "Diner", swiftSettings: strict),
    // Headless stand-ins for the UIKit pieces the seed tutorials use.
    .target(name: "Stage", dependencies: ["Diner"], swiftSettings: strict),

    // Fixtures shared by the engine's and the CLI's tests (temporary workbooks).
    .target(name: "WorkbookTestSupport", dependencies: engine, path: "Tests/WorkbookTestSupport", swiftSettings: strict),
    .testTarget(name: "WorkbookCLITests", dependencies: engine + ["WorkbookCLI", "WorkbookTestSupport"], swiftSettings: strict),
    .testTarget(name: "StageTests", dependencies: ["Stage", "Diner"], swiftSettings: strict),
]

// Each engine target's tests. They may import any engine target (a test of the model may
// render what it parsed); the layering binds the sources. CCmark: the Markdown HTML
// tests compare the walker with cmark's own renderer.
for name in engineTargets {
    targets.append(.testTarget(
        name: name + "Tests",
        dependencies: engine + ["WorkbookTestSupport"] + (name == "WorkbookRendering" ? ["CCmark"] : []),
        swiftSettings: strict
    ))
}

for module in chapterModules {
    targets.append(.target(name: module, dependencies: ["Stage", "Diner"], swiftSettings: strict))
    targets.append(.testTarget(
        name: module + "Tests",
        dependencies: [.target(name: module), "Stage", "Diner"],
        swiftSettings: strict
    ))
}

let package = Package(
    name: "ClosuresWorkbook",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "workbook", targets: ["workbook"]),
        // Libraries, so a scratch package (or a learner's playground) can import them.
        .library(name: "Stage", targets: ["Stage"]),
        .library(name: "Diner", targets: ["Diner"]),
        // The engine, for a package that builds on it (each target is imported by its name).
        .library(name: "WorkbookKit", targets: engineTargets),
    ] + chapterModules.map { .library(name: $0, targets: [$0]) },
    targets: targets,
    swiftLanguageModes: [.v6]
)
