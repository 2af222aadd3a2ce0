import Foundation

/// Builds an executable from Swift files with the compiler's own jobs (`DirectCommands`):
/// one whole-module compile job, then one link with `ld.lld`. (Splitting the files into
/// a job per processor was measured slower: each job pays the code generator's setup per
/// file, and the two processors here share their caches.)
public struct DirectProgramBuild: Sendable {
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
        let object = output.appendingPathExtension("o")
        let compile = commands.compileWholeModule(
            sources: files.map { URL(fileURLWithPath: $0, relativeTo: folder) }, moduleName: moduleName, includes: includes,
            object: object, in: folder, extraFlags: extraFlags, parseAsLibrary: parseAsLibrary)
        let compiled = try DirectCommands.run(compile, in: folder)
        guard compiled.termination.isSuccess else { return .doesNotCompile(compiled.standardError + compiled.standardOutput) }
        if let failure = try commands.link([object] + archives, into: output, in: folder) {
            return .linkFailed(failure)
        }
        return .built
    }
}
