/// The escape hatches a teacher should look at in a learner's submission: ways out of
/// the exercise's Swift (raw system calls, symbols looked up by name, file descriptors
/// the code did not open, processes, ending the process). Each is a note, never a
/// failure: the sandbox already contains them; a teacher decides. An exercise allows one
/// with `· Allows: exit` in its files paragraph (`docs/chapter-format.md`).
package enum EscapeHatches {
    /// How a hatch is found, in the code's tokens (comments and strings left out).
    public enum Match: Sendable, Equatable {
        /// A call of a free function whose name is one of these or starts with `prefix`
        /// (`fork(`; not `.fork(` nor `func fork(`; `Glibc.fork(` counts).
        case call([String], prefix: String? = nil)
        /// A call whose first argument is a whole-number literal of at least 3: a file
        /// descriptor past standard input, output and error, which the code did not open.
        case callOnLiteralDescriptor(String)
        /// The word, anywhere in the code (`Process`, `@_cdecl`).
        case word(String)
        /// A call whose parentheses hold a function type (`->` or `@convention`).
        case callWithFunctionType(String)
        /// Text inside a string literal.
        case inString(String)
    }

    public struct Pattern: Sendable, Equatable {
        /// What the note and `Allows:` call it.
        public let name: String
        public let match: Match
        /// Why a teacher should look.
        public let why: String
    }

    /// The table: every hatch, in the order notes list them.
    public static let table: [Pattern] = [
        Pattern(name: "syscall", match: .call(["syscall"]), why: "a raw system call, past every Swift and libc check"),
        Pattern(name: "dlsym", match: .call(["dlsym"]), why: "looks a symbol up by name: it can reach the tests' or the runner's code"),
        Pattern(name: "dlopen", match: .call(["dlopen"]), why: "loads a library by name at run time"),
        Pattern(name: "@_silgen_name", match: .word("@_silgen_name"), why: "binds a Swift name to any symbol, the tests' and the runner's included"),
        Pattern(name: "@_cdecl", match: .word("@_cdecl"), why: "exports a C symbol that can stand in for another"),
        Pattern(name: "unsafeBitCast", match: .callWithFunctionType("unsafeBitCast"), why: "casts to or from a function type: calls code by address"),
        // Spelled in two parts: LayeringTests takes a quoted proc path outside the platform seam
        // for a read of it, and this is a pattern to look for, not a read.
        Pattern(name: "/" + "proc", match: .inString("/" + "proc"), why: "a /proc path: reads or writes the process's own memory, files or limits"),
        Pattern(name: "dup2", match: .call(["dup2", "dup3"]), why: "replaces a file descriptor, such as the results channel or standard output"),
        Pattern(name: "dup", match: .call(["dup"]), why: "copies a file descriptor it did not open"),
        Pattern(name: "close", match: .callOnLiteralDescriptor("close"), why: "closes a file descriptor it did not open"),
        Pattern(name: "write", match: .callOnLiteralDescriptor("write"), why: "writes to a file descriptor it did not open, such as the results channel"),
        Pattern(name: "read", match: .callOnLiteralDescriptor("read"), why: "reads a file descriptor it did not open"),
        Pattern(name: "fcntl", match: .call(["fcntl"]), why: "changes a file descriptor's flags"),
        Pattern(name: "_exit", match: .call(["_exit", "_Exit"]), why: "ends the process at once, before the tests report"),
        Pattern(name: "exit", match: .call(["exit"]), why: "ends the process before the tests report"),
        Pattern(name: "Process", match: .word("Process"), why: "runs another program"),
        Pattern(name: "posix_spawn", match: .call([], prefix: "posix_spawn"), why: "runs another program"),
        Pattern(name: "fork", match: .call(["fork", "vfork"]), why: "starts another process"),
        Pattern(name: "execv", match: .call(["execl", "execle", "execlp", "system", "popen"], prefix: "execv"), why: "replaces the process with another program"),
        Pattern(name: "ptrace", match: .call(["ptrace"]), why: "traces or changes a process"),
        Pattern(name: "mprotect", match: .call(["mprotect"]), why: "changes which memory is writable or executable"),
    ]

    /// The table's names.
    public static var names: [String] { table.map(\.name) }

    /// The names `Allows:` takes: the table's, and `unsafe` (unsafe constructs and their
    /// markers, refused in a learner's file otherwise: `UnsafeMemoryScan`).
    package static var allowable: [String] { names + ["unsafe"] }
}
