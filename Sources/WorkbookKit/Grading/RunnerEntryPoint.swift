import Foundation
import WorkbookSystem

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
        \#(GeneratedCode.platformImport)

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
                // With a third line "marks", each test's start and end is marked in standard
                // output (the tests then run one at a time), so its own output can be told apart.
                let marks = readLine() == "marks"
                let handler: @Sendable (UnsafeRawBufferPointer) -> Void = { record in
                    if marks { mark(record, token: token) }
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

            /// `\u{1}TOKEN start|end ID` on standard output, after what the test printed so far.
            static func mark(_ record: UnsafeRawBufferPointer, token: String) {
                let text = String(decoding: record, as: UTF8.self)
                let which = text.contains(#""kind":"testStarted""#) ? "start" : text.contains(#""kind":"testEnded""#) ? "end" : nil
                guard let which, let idStart = text.firstRange(of: #""testID":""#) else { return }
                let id = text[idStart.upperBound...].prefix { $0 != "\"" }
                fflush(stdout)
                let line = Array("\u{1}\(token) \(which) \(id)\n".utf8)
                line.withUnsafeBytes { _ = write(1, $0.baseAddress, $0.count) }
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
    static func orders(token: String, suite: String, markTests: Bool = false) -> String {
        let filter = "^\(moduleName)\\.\(suite)(/|$)"
        var configuration: [String: any Sendable] = ["filter": [filter], "eventStreamVersion": 0]
        if markTests { configuration["parallel"] = false }
        let data = (try? JSONSerialization.data(withJSONObject: configuration, options: [.sortedKeys])) ?? Data("{}".utf8)
        return token + "\n" + String(decoding: data, as: UTF8.self) + "\n" + (markTests ? "marks\n" : "")
    }

    /// Standard output split at the runner's marks: what each test printed, by test id,
    /// and the output with the marks taken out. Marks need the token, so code under test
    /// cannot fake one.
    static func splitOutput(_ output: String, token: String) -> (byTest: [String: String], rest: String) {
        let prefix = "\u{1}\(token) "
        guard output.contains(prefix) else { return ([:], output) }
        var byTest: [String: String] = [:]
        var rest = ""
        var current: String?
        for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix(prefix) {
                let words = line.dropFirst(prefix.count).split(separator: " ", maxSplits: 1).map(String.init)
                guard words.count == 2 else { continue }
                let id = words[1].replacingOccurrences(of: "\\/", with: "/")
                current = words[0] == "start" ? id : nil
                continue
            }
            rest += line + "\n"
            if let current { byTest[current, default: ""] += line + "\n" }
        }
        if !output.hasSuffix("\n"), rest.hasSuffix("\n") { rest.removeLast() }
        return (byTest, rest)
    }
}
