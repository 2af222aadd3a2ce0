import WorkbookSystem

/// What a failed build says about the moment rather than the sources: a full disk is no
/// verdict on a learner's file, and is never remembered as one.
enum BuildFailures {
    /// The system's words when a build failed because nothing could be written, if so.
    static func storageProblem(in diagnostics: String) -> String? {
        for words in ["No space left on device", "Disk quota exceeded", "Read-only file system"]
        where diagnostics.contains(words) {
            return words == "No space left on device" ? "the disk is full (\(words))" : words
        }
        return nil
    }

    /// Whether a failed compile says something about its inputs, and so may be remembered
    /// under their hash: the compiler exited 1 with an `error:` of its own. A signal (killed,
    /// out of memory), a full or read-only disk, or a file changed under it ("input file …
    /// was modified during the build", seen once: it stayed until the cache was emptied)
    /// says something about that moment only.
    static func lastingFailure(_ termination: ChildProcess.Termination, _ diagnostics: String) -> Bool {
        termination == .exited(1) && diagnostics.contains("error: ") && storageProblem(in: diagnostics) == nil
            && !diagnostics.contains("modified during the build")
    }
}
