import Foundation

/// When a failure of the direct back end may be blamed on the code it compiled: only when
/// the compiler located an error in one of the files it was given. Anything else — a job
/// that crashed, a library it could not load, an error at `<unknown>:0` — may be the back
/// end's own fault, so the build is done once more through the driver, whose verdict
/// stands (`BackendAttempt`, which decides). A learner's real compile error therefore
/// costs no second compile.
package enum DirectFailure {
    /// Whether `output` (the failed jobs' diagnostics) holds an error located in one of
    /// `sources` (absolute paths, or paths relative to the jobs' folder).
    package static func isInSources(_ output: String, sources: [String]) -> Bool {
        output.split(separator: "\n").contains { line in
            guard let range = line.range(of: ": error: ") else { return false }
            // `path:line:column`, or `path:line`: the location before the label.
            let location = line[..<range.lowerBound].split(separator: ":")
            guard location.count >= 2, location.dropFirst().allSatisfy({ Int($0) != nil }) else { return false }
            let path = String(location[0])
            return sources.contains { $0 == path || $0.hasSuffix("/" + path) || path.hasSuffix("/" + $0) }
        }
    }
}
