/// The release's `Package.swift`. A release builds the tool and the libraries the chapters
/// import, and nothing else: the chapters' modules are not targets, because their files are
/// the starters (a compile exercise's starter does not compile, on purpose), and
/// `workbook check` builds each chapter's module itself from the student's files in
/// `exercises/`, with the visible tests in `Tests/`. So there is no reference module to
/// build, and `swift build` (the Classroom workflow's, `make setup`'s) succeeds on a fresh
/// clone. The engine's test targets are not there either: their fixtures hold answers.
enum ReleasePackageManifest {
    static let text = #"""
    // swift-tools-version:6.0
    import PackageDescription

    // A student release of the Closures Workbook (written by `workbook release`): the
    // `workbook` tool and the libraries the chapters import. The chapters' modules are no
    // targets here: `workbook check` builds each one from your files in exercises/ and runs
    // the chapter's tests in Tests/ against it.

    let strict: [SwiftSetting] = [
        .unsafeFlags(["-warnings-as-errors"]),
    ]

    let engine: [Target.Dependency] = ["WorkbookSystem", "WorkbookToolchain", "WorkbookModel", "WorkbookKit"]

    let package = Package(
        name: "ClosuresWorkbook",
        platforms: [.macOS(.v15)],
        products: [
            .executable(name: "workbook", targets: ["workbook"]),
            .library(name: "Stage", targets: ["Stage"]),
            .library(name: "Diner", targets: ["Diner"]),
            .library(name: "WorkbookKit", targets: ["WorkbookKit"]),
        ],
        targets: [
            .systemLibrary(name: "CCmark", pkgConfig: "libcmark", providers: [.apt(["libcmark-dev"]), .brew(["cmark"])]),
            .target(name: "WorkbookSystem", swiftSettings: strict),
            .target(name: "WorkbookToolchain", dependencies: ["WorkbookSystem"], swiftSettings: strict),
            .target(name: "WorkbookModel", dependencies: ["CCmark", "WorkbookSystem", "WorkbookToolchain"], swiftSettings: strict),
            .target(name: "WorkbookKit", dependencies: ["WorkbookSystem", "WorkbookToolchain", "WorkbookModel"], swiftSettings: strict),
            .target(name: "WorkbookCLI", dependencies: engine, swiftSettings: strict),
            .executableTarget(name: "workbook", dependencies: ["WorkbookCLI"], swiftSettings: strict),
            .target(name: "Diner", swiftSettings: strict),
            .target(name: "Stage", dependencies: ["Diner"], swiftSettings: strict),
        ],
        swiftLanguageModes: [.v6]
    )

    """#

    /// The source folders the manifest builds (`Sources/<name>`), copied as they are.
    static let toolFolders = ["CCmark", "WorkbookSystem", "WorkbookToolchain", "WorkbookModel", "WorkbookKit", "WorkbookCLI", "workbook", "Diner", "Stage"]
}
