// swift-tools-version:6.0
// A tiny workbook for the grading tests and the grading bench: three chapters, no
// support modules. `swift test` works here too (the bench compares against it).
import PackageDescription

let package = Package(
    name: "GradingFixture",
    targets: [
        .target(name: "Chapter01Basics"),
        .testTarget(name: "Chapter01BasicsTests", dependencies: ["Chapter01Basics"]),
        .target(name: "Chapter02Faults"),
        .testTarget(name: "Chapter02FaultsTests", dependencies: ["Chapter02Faults"]),
        .target(name: "Chapter03Hostile"),
        .testTarget(name: "Chapter03HostileTests", dependencies: ["Chapter03Hostile"]),
    ],
    swiftLanguageModes: [.v6]
)
