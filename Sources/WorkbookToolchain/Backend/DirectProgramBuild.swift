import Foundation
import WorkbookSystem

/// Builds an executable from Swift files with the compiler's own jobs (`DirectCommands`):
/// one whole-module compile job whose code generation — half of an unoptimised build —
/// runs on every processor, then one link with `ld.lld`. (A compile job per processor
/// was measured slower: each one type-checks and sets up code generation again.)
package struct DirectProgramBuild: Sendable {
    public enum Outcome: Sendable, Equatable {
        case built
        /// The compiler's diagnostics.
        case doesNotCompile(String)
        /// The link failed; the caller may ask the driver, whose message says more.
        case linkFailed(String)
    }

    public let commands: DirectCommands

    public init(commands: DirectCommands) {
        self.commands = commands
    }

    /// Compiles `files` (in `folder`, named relative to it) as module `moduleName` and
    /// links them with `archives` (dependents first) into `output`.
    public func build(
        files: [String], moduleName: String, includes: [URL], archives: [URL], extraFlags: [String], parseAsLibrary: Bool,
        in folder: URL, output: URL
    ) throws -> Outcome {
        // One job; with several files, its code generation on every processor.
        let threads = files.count > 1 ? BlockingLanes.processors : 1
        let objects = threads > 1
            ? files.indices.map { folder.appendingPathComponent("\($0)-" + URL(fileURLWithPath: files[$0]).deletingPathExtension().lastPathComponent + ".o") }
            : [output.appendingPathExtension("o")]
        let compile = commands.compileWholeModule(
            sources: files.map { URL(fileURLWithPath: $0, relativeTo: folder) }, moduleName: moduleName, includes: includes,
            objects: objects, threads: threads, in: folder, extraFlags: extraFlags, parseAsLibrary: parseAsLibrary)
        let compiled = try DirectCommands.run(compile, in: folder)
        guard compiled.termination.isSuccess else { return .doesNotCompile(compiled.standardError + compiled.standardOutput) }
        if let failure = try commands.link(objects + archives, into: output, in: folder).diagnostics {
            return .linkFailed(failure.allText)
        }
        return .built
    }
}

extension DirectProgramBuild.Outcome {
    /// The outcome as the back-end seam weighs it (`BackendAttempt`). The compile's time
    /// limit is not told apart here: a stopped job's failure goes to the driver.
    package var attempt: DirectAttempt<Void> {
        switch self {
        case .built: .built(())
        case .doesNotCompile(let diagnostics): .doesNotCompile(ModuleBuilder.BuildFailure(module: "program", diagnostics: diagnostics))
        case .linkFailed: .backEndFailed
        }
    }
}
