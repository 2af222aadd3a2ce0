import Foundation

/// Builds an executable from Swift files with the compiler's own jobs (`DirectCommands`):
/// the files split into one batch per processor, compiled side by side (each batch
/// checks its own files' bodies, so the type-checking that dominates is shared out),
/// then linked once with `ld.lld`. A one-file program is a single job.
public struct DirectProgramBuild: Sendable {
    public enum Outcome: Sendable, Equatable {
        case built
        /// The compiler's diagnostics, each once.
        case doesNotCompile(String)
        /// The link failed; the caller may ask the driver, whose message says more.
        case linkFailed(String)
    }

    public let commands: DirectCommands
    public var processors = BlockingLanes.processors

    public init(commands: DirectCommands) {
        self.commands = commands
    }

    /// Compiles `files` (in `folder`, named relative to it) as module `moduleName` and
    /// links them with `archives` (dependents first) into `output`.
    public func build(
        files: [String], moduleName: String, includes: [URL], archives: [URL], extraFlags: [String], parseAsLibrary: Bool,
        in folder: URL, output: URL
    ) throws -> Outcome {
        let sources = files.map { URL(fileURLWithPath: $0, relativeTo: folder) }
        var jobs: [[String]] = []
        var objects: [URL] = []
        for (batch, members) in DirectCommands.batches(of: files.count, processors: processors).enumerated() {
            let primaries = members.map { index -> (source: URL, outputs: DirectCommands.PrimaryOutputs) in
                let base = folder.appendingPathComponent("\(index)-" + URL(fileURLWithPath: files[index]).deletingPathExtension().lastPathComponent)
                objects.append(base.appendingPathExtension("o"))
                return (sources[index], DirectCommands.PrimaryOutputs(
                    object: base.appendingPathExtension("o"), partialModule: base.appendingPathExtension("swiftmodule")))
            }
            jobs.append(try commands.compile(
                primaries, sources: sources, moduleName: moduleName, includes: includes,
                outputMap: folder.appendingPathComponent("outputs-\(batch).json"), in: folder,
                extraFlags: extraFlags, parseAsLibrary: parseAsLibrary))
        }
        let results = try BlockingLanes.map(jobs, width: jobs.count) { try DirectCommands.run($0, in: folder) }
        guard results.allSatisfy(\.termination.isSuccess) else {
            // Two batches can report one declaration's error twice.
            let text = results.map { $0.standardError + $0.standardOutput }.joined()
            return .doesNotCompile(CompilerDiagnostics(text).allText)
        }

        if let failure = try commands.link(objects + archives, into: output, in: folder) {
            return .linkFailed(failure)
        }
        return .built
    }
}
