import Foundation
import Testing
@testable import WorkbookSystem
@testable import WorkbookToolchain
import WorkbookTestSupport

/// The seam between the back ends, with stand-in builds: no compiler is started.
@Suite("The driver redoes the direct back end's build only when the failure may be the back end's own", .tags(.backend))
struct BackendAttemptTests {
    static let learnerFile = "/w/exercises/01-blocks/Ex1_Operations.swift"
    static let attempt = BackendAttempt(sources: [learnerFile, "main.swift"])

    /// What a build with `direct` ended with, and whether the driver was asked.
    static func run(_ direct: DirectAttempt<String>?) -> (product: String?, thrown: ModuleBuilder.BuildFailure?, driverRan: Bool) {
        var driverRan = false
        do {
            let product = try attempt.build(direct: direct.map { ending in { ending } }) {
                driverRan = true
                return "driver's"
            }
            return (product, nil, driverRan)
        } catch {
            return (nil, error as? ModuleBuilder.BuildFailure, driverRan)
        }
    }

    static func compileFailure(_ diagnostics: String) -> DirectAttempt<String> {
        .doesNotCompile(ModuleBuilder.BuildFailure(module: "Chapter01Blocks", diagnostics: diagnostics))
    }

    static let stoppedCompile: DirectAttempt<String> = .doesNotCompile(ModuleBuilder.BuildFailure(
        module: "Chapter01Blocks", diagnostics: "",
        results: [ChildProcess.Result(termination: .timedOut(seconds: 300), standardOutput: "", standardError: "",
                                      outputTruncated: false, seconds: 300)]))

    @Test("An error located in a compiled file stands: no second compile, and the direct compile's failure is thrown", arguments: [
        "\(BackendAttemptTests.learnerFile):3:5: error: cannot find 'x' in scope",
        "main.swift:2: error: expected expression",
    ])
    func errorInTheSources(diagnostics: String) {
        let ended = Self.run(Self.compileFailure(diagnostics))
        #expect(!ended.driverRan)
        #expect(ended.thrown?.diagnostics == diagnostics)
    }

    @Test("A crash, an error at no location or in another file, or a link that failed: the driver builds, and its product stands", arguments: [
        BackendAttemptTests.compileFailure("Stack dump:\n0.\tProgram arguments: swift-frontend -c"),
        BackendAttemptTests.compileFailure("<unknown>:0: error: unable to load standard library for target 'x86_64-unknown-linux-gnu'"),
        BackendAttemptTests.compileFailure("/usr/lib/swift/linux/Foundation.swiftmodule:1:1: error: module compiled with Swift 5.10 cannot be imported"),
        BackendAttemptTests.compileFailure(""),
        .backEndFailed,
    ])
    func backEndsOwnFailures(ending: DirectAttempt<String>) {
        let ended = Self.run(ending)
        #expect(ended.driverRan)
        #expect(ended.product == "driver's" && ended.thrown == nil)
    }

    @Test("A compile stopped at its time limit stands: the driver would be stopped too")
    func timeoutStands() {
        let ended = Self.run(Self.stoppedCompile)
        #expect(!ended.driverRan)
        #expect(ended.thrown?.timedOut == true)
        #expect(ended.thrown?.diagnostics.hasPrefix("compiling took longer than 300 s") == true)
    }

    @Test("What the direct back end built is the product, and with no direct try the driver builds")
    func builtAndNoDirectTry() {
        let built = Self.run(.built("direct's"))
        #expect(built.product == "direct's" && !built.driverRan)
        let driverOnly = Self.run(nil)
        #expect(driverOnly.product == "driver's" && driverOnly.driverRan)
    }

    @Test("An error thrown by either try is passed on, and one thrown by the direct try asks no driver")
    func errorsPassOn() {
        var driverRan = false
        #expect(throws: CocoaError.self) {
            try Self.attempt.build(direct: { () throws -> DirectAttempt<String> in throw CocoaError(.fileWriteUnknown) }) {
                driverRan = true
                return "driver's"
            }
        }
        #expect(!driverRan)
        #expect(throws: CocoaError.self) {
            try Self.attempt.build(direct: { DirectAttempt<String>.backEndFailed }) { () throws -> String in throw CocoaError(.fileNoSuchFile) }
        }
    }

    @Test("A program build's outcome, weighed: its compile's time limit is not told apart, so a stopped compile goes to the driver")
    func programOutcomes() {
        let inSources = DirectProgramBuild.Outcome.doesNotCompile("main.swift:1:1: error: expected expression").attempt.map { "direct's" }
        #expect(Self.run(inSources).thrown?.diagnostics == "main.swift:1:1: error: expected expression")
        #expect(Self.run(DirectProgramBuild.Outcome.doesNotCompile("").attempt.map { "direct's" }).driverRan)
        #expect(Self.run(DirectProgramBuild.Outcome.linkFailed("ld.lld: error: undefined symbol: main").attempt.map { "direct's" }).driverRan)
        #expect(Self.run(DirectProgramBuild.Outcome.built.attempt.map { "direct's" }).product == "direct's")
    }
}
