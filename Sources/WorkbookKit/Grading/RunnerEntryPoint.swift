import Foundation

/// The test runner's generated `main`, and the grader's side of its protocol.
///
/// A learner's code runs in the runner's process, so nothing it can find may carry the
/// results: not a path in the arguments or the environment (a forged `testEnded` appended
/// to `--event-stream-output-path` passed every exercise, measured), not the exit status.
/// So the runner takes its orders on standard input — a fresh random token, then Swift
/// Testing's configuration — and reads them before any code under test can run, then
/// closes it. It drives Swift Testing through its ABI entry point (`swt_abiv0_getEntryPoint`,
/// which hands each record to a callback in process) and writes every record, prefixed
/// with the token, to file descriptor 3: a pipe only the grader reads. After Testing
/// returns it writes its own completion record. The grader believes only lines that
/// carry the token, and passes a run only when the completion record is there.
/// (Within one process a determined program can still find the token in memory; the
/// sandbox keeps the workbook itself out of its reach either way.)
enum RunnerEntryPoint {
    static let moduleName = "WorkbookRunner"

    /// The record the runner writes last, after Swift Testing has returned.
    static let completionKind = "workbookRunnerCompleted"

    static let source = #"""
        import Testing
        import Synchronization
        #if canImport(Glibc)
        @preconcurrency import Glibc
        #elseif canImport(Darwin)
        import Darwin
        #endif

        // Written by `workbook check` (RunnerEntryPoint.swift in the workbook's sources).

        @main struct WorkbookRunnerMain {
            typealias EntryPoint = @convention(thin) @Sendable (
                UnsafeRawBufferPointer?, @escaping @Sendable (UnsafeRawBufferPointer) -> Void
            ) async throws -> Bool

            static let channel = Mutex<Int32>(3)

            static func main() async {
                // Orders first, before any code under test exists: the token, the configuration.
                let token = readLine() ?? ""
                let configuration = readLine() ?? "{}"
                let null = open("/dev/null", O_RDONLY)
                if null >= 0 { dup2(null, 0); close(null) }
                guard !token.isEmpty, let entryPoint = findEntryPoint() else { exit(70) }
                let prefix = Array((token + " ").utf8)
                let handler: @Sendable (UnsafeRawBufferPointer) -> Void = { record in
                    send(prefix, record)
                }
                // Lives as long as the process: the entry point reads it while it runs.
                let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: configuration.utf8.count, alignment: 1)
                bytes.copyBytes(from: configuration.utf8)
                let passed: Bool
                do {
                    passed = try await entryPoint(UnsafeRawBufferPointer(bytes), handler)
                } catch {
                    exit(70)
                }
                let completion = #"{"kind":"\#(RunnerEntryPoint.completionKind)","passed":"# + (passed ? "true" : "false") + "}"
                Array(completion.utf8).withUnsafeBytes { send(prefix, $0) }
                exit(passed ? 0 : 1)
            }

            static func findEntryPoint() -> EntryPoint? {
                guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "swt_abiv0_getEntryPoint") else { return nil }
                typealias Get = @convention(c) () -> UnsafeRawPointer
                return unsafeBitCast(unsafeBitCast(symbol, to: Get.self)(), to: EntryPoint.self)
            }

            /// One line: the token, a space, the record, a newline; whole, under the lock.
            static func send(_ prefix: [UInt8], _ record: UnsafeRawBufferPointer) {
                let line = prefix + Array(record) + [10]
                channel.withLock { fd in
                    line.withUnsafeBytes { bytes in
                        var offset = 0
                        while offset < bytes.count {
                            let written = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                            if written < 0 { if errno == EINTR { continue } else { return } }
                            offset += written
                        }
                    }
                }
            }
        }

        """#

    /// A token nobody can guess: 128 random bits.
    static func makeToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in String(generator.next() as UInt64, radix: 16) }.joined(separator: "-")
    }

    /// What the runner reads on standard input to run one suite.
    static func orders(token: String, suite: String) -> String {
        let filter = "^\(moduleName)\\.\(suite)(/|$)"
        let configuration: [String: any Sendable] = ["filter": [filter], "eventStreamVersion": 0]
        let data = (try? JSONSerialization.data(withJSONObject: configuration, options: [.sortedKeys])) ?? Data("{}".utf8)
        return token + "\n" + String(decoding: data, as: UTF8.self) + "\n"
    }
}
