// swift-tools-version:6.0
// A tiny workbook for the feedback tests: exercise 1.2 uses 1.1's code, 1.3 stands alone.
import PackageDescription

let package = Package(
    name: "FeedbackFixture",
    targets: [
        .target(name: "Chapter01Feedback"),
        .testTarget(name: "Chapter01FeedbackTests", dependencies: ["Chapter01Feedback"]),
    ],
    swiftLanguageModes: [.v6]
)
