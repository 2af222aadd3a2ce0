/// Lines the tool writes into the programs it generates (snippet programs, the snippet
/// launcher), chosen for the platform the tool was built on, which is the one those
/// programs are compiled for. One line each: callers count lines.
package enum GeneratedCode {
    /// The C library's module.
    package static let platformImport: String = {
        #if canImport(Glibc)
        return "@preconcurrency import Glibc"
        #else
        return "import Darwin"
        #endif
    }()
}
