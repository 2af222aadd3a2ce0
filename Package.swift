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

var targets: [Target] = [
    // cmark, the CommonMark reference library, from Debian's libcmark-dev.
    .systemLibrary(
        name: "CCmark",
        pkgConfig: "libcmark",
        providers: [.apt(["libcmark-dev"]), .brew(["cmark"])]
    ),
    // The engine: chapter model, parsing, lint, (later) grading, running, rendering.
    .target(name: "WorkbookKit", dependencies: ["CCmark"], swiftSettings: strict),
    // The command line: arguments in, exit code out. Testable without spawning.
    .target(name: "WorkbookCLI", dependencies: ["WorkbookKit"], swiftSettings: strict),
    .executableTarget(name: "workbook", dependencies: ["WorkbookCLI"], swiftSettings: strict),
    // The diner's domain model, shared by the chapters.
    .target(name: "Diner", swiftSettings: strict),
    // Headless stand-ins for the UIKit pieces the seed tutorials use.
    .target(name: "Stage", dependencies: ["Diner"], swiftSettings: strict),

    // Fixtures shared by the engine's and the CLI's tests (temporary workbooks).
    .target(name: "WorkbookTestSupport", dependencies: ["WorkbookKit"], path: "Tests/WorkbookTestSupport", swiftSettings: strict),
    .testTarget(name: "WorkbookKitTests", dependencies: ["WorkbookKit", "WorkbookTestSupport"], swiftSettings: strict),
    .testTarget(name: "WorkbookCLITests", dependencies: ["WorkbookCLI", "WorkbookKit", "WorkbookTestSupport"], swiftSettings: strict),
    .testTarget(name: "StageTests", dependencies: ["Stage", "Diner"], swiftSettings: strict),
]

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
        .library(name: "WorkbookKit", targets: ["WorkbookKit"]),
    ] + chapterModules.map { .library(name: $0, targets: [$0]) },
    targets: targets,
    swiftLanguageModes: [.v6]
)
