import Foundation
import WorkbookCLI

#if canImport(Glibc)
// A command is short and allocates a lot, on several threads at once: glibc's malloc is
// told to grow its heaps in large steps and to keep what is freed, instead of asking the
// kernel (mprotect, mmap, trimming) thousands of times, threads waiting on each other's
// calls. `mallopt` is looked up at run time: <malloc.h> is not in Swift's Glibc module.
if let symbol = dlsym(nil, "mallopt") {
    let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
    _ = mallopt(-2, 64 << 20)  // M_TOP_PAD: grow a heap 64 MiB (of address space) at a time
    _ = mallopt(-1, 1 << 30)  // M_TRIM_THRESHOLD: never give freed memory back mid-command
    _ = mallopt(-3, 32 << 20)  // M_MMAP_THRESHOLD: pages and files come from the heap, not mmap
}
#endif

// The process ends right after the command: its memory goes back to the system at once.
ProcessLifetime.keepValuesUntilExit()

// The real streams and the real terminal; everything else is in WorkbookCLI.run. The
// environment is read once: making it a dictionary is a good part of starting up.
let environment = ProcessInfo.processInfo.environment
// The terminal's size, so reports wrap rather than being cut (and `watch` fits its
// screen); none when piped.
var size = winsize()
let isTerminal = isatty(STDOUT_FILENO) != 0 && ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0
let width: Int? = isTerminal && size.ws_col > 0 ? Int(size.ws_col) : nil
let height: Int? = isTerminal && size.ws_row > 0 ? Int(size.ws_row) : nil
let console = Console(
    colorOut: Console.colorAllowed(environment: environment, isTerminal: isatty(STDOUT_FILENO) != 0),
    colorError: Console.colorAllowed(environment: environment, isTerminal: isatty(STDERR_FILENO) != 0),
    interactive: isatty(STDOUT_FILENO) != 0,
    width: width,
    height: height,
    out: { FileHandle.standardOutput.write(Data($0.utf8)) },
    error: { FileHandle.standardError.write(Data($0.utf8)) }
)
exit(WorkbookCLI.run(Array(CommandLine.arguments.dropFirst()), environment: environment, console: console))
