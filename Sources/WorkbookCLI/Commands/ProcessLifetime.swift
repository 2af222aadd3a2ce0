import Synchronization

/// Keeps what a command made — the parsed workbook, the rendered pages — until the
/// process ends, when `workbook` itself runs: the operating system takes a process's
/// memory back at once, while freeing the tens of thousands of small values of a parsed
/// workbook one by one took a twentieth of a `render`. (Compilers do the same: clang's
/// `-disable-free`.) Where nobody asked for it, in tests, values are freed as usual.
public enum ProcessLifetime {
    private static let kept = Mutex<[any Sendable]?>(nil)

    /// From now on, `keep` keeps. For the executable, before it runs a command.
    public static func keepValuesUntilExit() {
        kept.withLock { $0 = $0 ?? [] }
    }

    static func keep(_ value: any Sendable) {
        kept.withLock { $0?.append(value) }
    }
}
