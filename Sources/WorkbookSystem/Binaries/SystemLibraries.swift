import Foundation

/// Which of the libraries every test runner loads — the C library, Swift's runtime,
/// Dispatch, Foundation, Swift Testing — defines a symbol, asked of the dynamic loader
/// in this process (`dlsym` on each library's own handle, which searches it and what it
/// loads). A program that defines one of those names takes every call to it, the test
/// runner's and Swift Testing's included: a `@_cdecl("write")` saw every result first.
package struct SystemLibraries: Sendable {
    package struct Library: Sendable {
        /// What a learner reads: "the C library".
        package var name: String
        fileprivate var handle: UInt
    }

    package let libraries: [Library]

    /// The libraries from the toolchain's runtime folder (`…/usr/lib/swift/linux`, beside
    /// `swiftc`'s `bin`). Nil where this cannot be asked (not Linux, a library missing).
    package static func load(swiftc: String) -> SystemLibraries? {
        #if os(Linux)
        let runtime = URL(fileURLWithPath: swiftc).resolvingSymlinksInPath()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("lib/swift/linux")
        let wanted = [("the C library", "libc.so.6"), ("Swift's runtime", runtime.appendingPathComponent("libswiftCore.so").path),
                      ("Dispatch", runtime.appendingPathComponent("libdispatch.so").path),
                      ("Foundation", runtime.appendingPathComponent("libFoundation.so").path),
                      ("Swift Testing", runtime.appendingPathComponent("libTesting.so").path)]
        var libraries: [Library] = []
        for (name, path) in wanted {
            // Loaded once per process and kept (dlopen counts references): RTLD_LOCAL keeps
            // their names out of this process's global scope.
            guard let handle = dlopen(path, RTLD_LAZY | RTLD_LOCAL) else { return nil }
            libraries.append(Library(name: name, handle: UInt(bitPattern: handle)))
        }
        return SystemLibraries(libraries: libraries)
        #else
        return nil
        #endif
    }

    /// The first library that defines `symbol`, if any does.
    package func definer(of symbol: String) -> Library? {
        #if os(Linux)
        // The linker defines these in every linked file; they bind to nothing across files.
        if Self.linkerDefined.contains(symbol) { return nil }
        return libraries.first { library in
            UnsafeMutableRawPointer(bitPattern: library.handle).flatMap { dlsym($0, symbol) } != nil
        }
        #else
        return nil
        #endif
    }

    private static let linkerDefined: Set<String> = [
        "_edata", "_end", "__bss_start", "_init", "_fini", "__data_start", "data_start", "_IO_stdin_used",
        "__dso_handle", "_DYNAMIC", "_GLOBAL_OFFSET_TABLE_", "__libc_csu_init", "__libc_csu_fini", "main", "_start",
    ]
}
