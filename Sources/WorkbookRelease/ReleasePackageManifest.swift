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

    // Warnings are not errors here, as they are in the teacher's workbook: a student's
    // compiler may be newer than the one the release was made with, and a warning it adds
    // must not stop the tool from building.

    let engine: [Target.Dependency] = [
        "WorkbookSystem", "WorkbookToolchain", "WorkbookModel", "WorkbookRunning",
        "WorkbookGrading", "WorkbookRendering", "WorkbookMutation", "WorkbookLocate", "WorkbookClassroom", "WorkbookRelease",
    ]

    let package = Package(
        name: "ClosuresWorkbook",
        platforms: [.macOS(.v15)],
        products: [
            .executable(name: "workbook", targets: ["workbook"]),
            .library(name: "Stage", targets: ["Stage"]),
            .library(name: "Diner", targets: ["Diner"]),
        ],
        targets: [
            .systemLibrary(name: "CCmark", pkgConfig: "libcmark", providers: [.apt(["libcmark-dev"]), .brew(["cmark"])]),
            .target(name: "WorkbookSystem"),
            .target(name: "WorkbookToolchain", dependencies: ["WorkbookSystem"]),
            .target(name: "WorkbookModel", dependencies: ["CCmark", "WorkbookSystem", "WorkbookToolchain"]),
            .target(name: "WorkbookRunning", dependencies: ["WorkbookSystem", "WorkbookToolchain", "WorkbookModel"]),
            .target(name: "WorkbookGrading", dependencies: ["WorkbookSystem", "WorkbookToolchain", "WorkbookModel", "WorkbookRunning"]),
            .target(name: "WorkbookRendering", dependencies: ["WorkbookSystem", "WorkbookToolchain", "WorkbookModel", "WorkbookRunning"]),
            .target(name: "WorkbookMutation", dependencies: ["WorkbookSystem", "WorkbookToolchain", "WorkbookModel", "WorkbookGrading"]),
            .target(name: "WorkbookLocate", dependencies: ["WorkbookSystem", "WorkbookToolchain", "WorkbookModel", "WorkbookGrading", "WorkbookMutation"]),
            .target(name: "WorkbookClassroom", dependencies: ["WorkbookSystem", "WorkbookToolchain", "WorkbookModel", "WorkbookGrading"]),
            .target(name: "WorkbookRelease", dependencies: ["WorkbookSystem", "WorkbookToolchain", "WorkbookModel", "WorkbookRendering", "WorkbookClassroom"]),
            .target(name: "WorkbookCLI", dependencies: engine),
            .executableTarget(name: "workbook", dependencies: ["WorkbookCLI"]),
            .target(name: "Diner"),
            .target(name: "Stage", dependencies: ["Diner"]),
        ],
        swiftLanguageModes: [.v6]
    )

    """#

    /// The source folders the manifest builds (`Sources/<name>`), copied as they are.
    static let toolFolders = [
        "CCmark", "WorkbookSystem", "WorkbookToolchain", "WorkbookModel", "WorkbookRunning", "WorkbookGrading",
        "WorkbookRendering", "WorkbookMutation", "WorkbookLocate", "WorkbookClassroom", "WorkbookRelease", "WorkbookCLI", "workbook", "Diner", "Stage",
    ]
}
