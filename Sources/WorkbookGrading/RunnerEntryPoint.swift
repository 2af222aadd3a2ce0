import Foundation
import WorkbookSystem

/// The test runner's generated `main`, and the grader's side of its protocol.
///
/// A learner's code runs in the runner's process, so nothing it can find may carry the
/// results: not a path in the arguments or the environment (a forged `testEnded` appended
/// to `--event-stream-output-path` passed every exercise, measured), not the exit status,
/// and not a secret it can read. The runner takes its orders on standard input — a fresh
/// 128-bit key (hex), then Swift Testing's configuration — read with read(2) before any
/// code under test exists (stdio's buffer held the old token; learner code read it there,
/// measured), then puts /dev/null in its place. The key goes into one anonymous page full
/// of random bytes, as a random mask and the key XOR the mask at random offsets: it never
/// is a Swift string or text, so a scan of memory for it finds nothing (a scan of
/// /proc/self/mem found the old token, measured). It drives Swift Testing through its
/// ABI entry point, found in libTesting's own handle (never the global scope), and
/// writes every record to file descriptor 3 as `SEQUENCE MAC RECORD`: numbered from 0, and
/// a SipHash-2-4 MAC over the number and the record. After Testing returns it writes its
/// completion record, which counts the records before it, then wipes the page.
///
/// The grader rejects the whole run as tampered with at a line without the right MAC, a
/// gap or a repeat in the numbers, a completion that counts otherwise, or anything after
/// it; a run passes only with the completion. A line never holds the key, so seeing
/// genuine lines (a pipe put over fd 3, `/proc/self/fd/3` reopened) teaches nothing, and
/// holding back a record leaves a gap. A learner module that defines a symbol the C
/// library, Swift's runtime, Dispatch, Foundation or Swift Testing also defines (a
/// `@_cdecl("write")` saw every record first, measured) is refused before it runs
/// (`Interposition`).
///
/// None of that hides the key from code that reads the process's memory: a heap walk
/// found the channel object, its page and offsets, and signed an "all passed" of its own
/// (issue 56, measured). So the ways to read it are closed instead, each with its test
/// (docs/threat-model.md): the learner's files are compiled with strict memory safety and
/// refused at any unsafe construct (`UnsafeMemoryScan`; an exercise can allow them, and
/// then is not protected), the runner makes itself non-dumpable before any code under
/// test exists (its `/proc/self/mem` and `/proc/self/fd` then belong to root, whom the
/// sandbox's uid 65534 is not), and the sandbox's filter refuses `process_vm_readv`/`writev`.
enum RunnerEntryPoint {
    static let moduleName = "WorkbookRunner"

    /// The record the runner writes last, after Swift Testing has returned.
    static let completionKind = "workbookRunnerCompleted"

    /// What a mark on standard output starts with: `\u{1}wb SEQUENCE MAC`, the number and
    /// MAC of the `testStarted`/`testEnded` record it stands for.
    static let markPrefix = "\u{1}wb "

    static let source = #"""
        import Testing
        import Synchronization
        \#(GeneratedCode.platformImport)

        // Written by `workbook check` (RunnerEntryPoint.swift in the workbook's sources).

        @main struct WorkbookRunnerMain {
            typealias EntryPoint = @convention(thin) @Sendable (
                UnsafeRawBufferPointer?, @escaping @Sendable (UnsafeRawBufferPointer) -> Void
            ) async throws -> Bool

            static func main() async {
                // Not dumpable, before any code under test exists: the process's /proc/self/mem
                // and /proc/self/fd then belong to root, and uid 65534 cannot open them.
                guard WorkbookRunnerCrashGuard.becomeNotDumpable() else { exit(70) }
                WorkbookRunnerCrashGuard.install()
                // Orders first, before any code under test exists.
                guard let orders = readOrders() else { exit(70) }
                let null = open("/dev/null", O_RDONLY)
                if null >= 0 { dup2(null, 0); close(null) }
                guard let entryPoint = findEntryPoint() else { exit(70) }
                let channel = orders.channel
                let handler: @Sendable (UnsafeRawBufferPointer) -> Void = { record in channel.send(record) }
                // Lives as long as the process: the entry point reads it while it runs.
                let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: orders.configuration.count, alignment: 1)
                bytes.copyBytes(from: orders.configuration)
                let passed: Bool
                do {
                    passed = try await entryPoint(UnsafeRawBufferPointer(bytes), handler)
                } catch {
                    exit(70)
                }
                channel.complete(passed: passed)
                exit(passed ? 0 : 1)
            }

            struct Orders {
                var channel: WorkbookRunnerChannel
                var configuration: [UInt8]
            }

            /// Standard input, read with read(2) into a page of its own that is wiped after:
            /// the key's 32 hex digits, the configuration, then "marks" or nothing.
            static func readOrders() -> Orders? {
                let size = 1 << 16
                guard let buffer = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
                      buffer != UnsafeMutableRawPointer(bitPattern: -1) else { return nil }
                defer { memset(buffer, 0, size); munmap(buffer, size) }
                var count = 0
                while count < size {
                    let got = read(0, buffer + count, size - count)
                    if got < 0, errno == EINTR { continue }
                    if got <= 0 { break }
                    count += got
                }
                let bytes = UnsafeRawBufferPointer(start: buffer, count: count)
                var lines: [Range<Int>] = []
                var start = 0
                for index in 0..<count where bytes[index] == 10 {
                    lines.append(start..<index)
                    start = index + 1
                }
                guard lines.count >= 2, lines[0].count == 32 else { return nil }
                let marks = lines.count >= 3 && Array(bytes[lines[2]]) == Array("marks".utf8)
                guard let channel = WorkbookRunnerChannel(hexKey: UnsafeRawBufferPointer(rebasing: bytes[lines[0]]), marks: marks) else { return nil }
                return Orders(channel: channel, configuration: Array(bytes[lines[1]]))
            }

            /// From Swift Testing's own library: in the global scope the code under test
            /// could have put a function of that name first.
            static func findEntryPoint() -> EntryPoint? {
                #if os(Linux)
                let library = "libTesting.so"
                #else
                let library = "libTesting.dylib"
                #endif
                guard let handle = dlopen(library, RTLD_NOW | RTLD_NOLOAD) ?? dlopen(nil, RTLD_NOW),
                      let symbol = dlsym(handle, "swt_abiv0_getEntryPoint") else { return nil }
                typealias Get = @convention(c) () -> UnsafeRawPointer
                return unsafeBitCast(unsafeBitCast(symbol, to: Get.self)(), to: EntryPoint.self)
            }
        }

        /// Not dumpable, and what a crash does first. The crash backtracer (a process of its
        /// own) reads the crashed process's /proc/PID/maps, which a non-dumpable process's
        /// uid cannot: its frames lost their files and lines (measured). So on a crash
        /// signal, before the runtime's own handler runs the backtracer, the results
        /// channel is put out of use (/dev/null over descriptor 3, the key's page zeroed) and
        /// only then is the process dumpable again: a crashed run is never believed anyway.
        enum WorkbookRunnerCrashGuard {
            typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
            typealias SignalAction = sigaction
            nonisolated(unsafe) static var prctl: Prctl?
            nonisolated(unsafe) static var page: UnsafeMutableRawPointer?
            nonisolated(unsafe) static var previous: [SignalAction] = Array(repeating: SignalAction(), count: 65)
            /// The signals the Swift runtime's backtracer handles.
            static let signals: [Int32] = [SIGQUIT, SIGABRT, SIGBUS, SIGFPE, SIGILL, SIGSEGV, SIGTRAP]
            static let setDumpable: Int32 = 4  // PR_SET_DUMPABLE

            /// prctl(PR_SET_DUMPABLE, 0), from the C library's own handle (Swift does not
            /// import a variadic C function).
            static func becomeNotDumpable() -> Bool {
                #if os(Linux)
                guard let libc = dlopen("libc.so.6", RTLD_NOW | RTLD_NOLOAD), let symbol = dlsym(libc, "prctl") else { return false }
                let call = unsafeBitCast(symbol, to: Prctl.self)
                prctl = call
                return call(setDumpable, 0, 0, 0, 0) == 0
                #else
                return true
                #endif
            }

            /// In front of the handlers the runtime installed, which each then chains to.
            static func install() {
                #if os(Linux)
                for signal in signals {
                    var old = SignalAction()
                    guard sigaction(signal, nil, &old) == 0 else { continue }
                    previous[Int(signal)] = old
                    var new = SignalAction()
                    new.__sigaction_handler.sa_sigaction = handler
                    new.sa_flags = old.sa_flags | SA_SIGINFO
                    new.sa_mask = old.sa_mask
                    sigaction(signal, &new, nil)
                }
                #endif
            }

            #if os(Linux)
            static let handler: @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void = { signal, info, context in
                let null = open("/dev/null", O_WRONLY)
                if null >= 0 { dup2(null, 3) }
                if let page = WorkbookRunnerCrashGuard.page { memset(page, 0, 4096) }
                _ = WorkbookRunnerCrashGuard.prctl?(WorkbookRunnerCrashGuard.setDumpable, 1, 0, 0, 0)
                var old = WorkbookRunnerCrashGuard.previous[Int(signal)]
                sigaction(signal, &old, nil)
                if old.sa_flags & SA_SIGINFO != 0, let chained = old.__sigaction_handler.sa_sigaction {
                    chained(signal, info, context)
                } else {
                    raise(signal)
                }
            }
            #endif
        }

        /// Numbers, signs and writes the records, one whole line at a time, under a lock.
        final class WorkbookRunnerChannel: @unchecked Sendable {
            struct State {
                var next: UInt64 = 0
                var wiped = false
            }

            private let state = Mutex(State())
            /// One anonymous page of random bytes; the key is `mask XOR masked`, 16 bytes at each offset.
            private let page: UnsafeMutableRawPointer
            private let maskOffset: Int
            private let keyOffset: Int
            private let marks: Bool

            init?(hexKey: UnsafeRawBufferPointer, marks: Bool) {
                guard let page = mmap(nil, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
                      page != UnsafeMutableRawPointer(bitPattern: -1) else { return nil }
                var random = SystemRandomNumberGenerator()
                for offset in stride(from: 0, to: 4096, by: 8) { page.storeBytes(of: random.next() as UInt64, toByteOffset: offset, as: UInt64.self) }
                let slot = Int.random(in: 0..<255, using: &random)
                maskOffset = 16 * slot
                keyOffset = 16 * ((slot + 1 + Int.random(in: 0..<254, using: &random)) % 256)
                self.page = page
                self.marks = marks
                WorkbookRunnerCrashGuard.page = page
                let bytes = page.assumingMemoryBound(to: UInt8.self)
                for index in 0..<16 {
                    guard let high = Self.nibble(hexKey[2 * index]), let low = Self.nibble(hexKey[2 * index + 1]) else { return nil }
                    bytes[keyOffset + index] = (high << 4 | low) ^ bytes[maskOffset + index]
                }
            }

            static func nibble(_ digit: UInt8) -> UInt8? {
                switch digit {
                case 48...57: return digit - 48
                case 97...102: return digit - 87
                default: return nil
                }
            }

            func send(_ record: UnsafeRawBufferPointer) {
                state.withLock { state in
                    guard !state.wiped else { return }
                    sign(record, &state)
                }
            }

            /// The last record, which counts those before it; then the key is wiped.
            func complete(passed: Bool) {
                state.withLock { state in
                    guard !state.wiped else { return }
                    let completion = #"{"kind":"\#(RunnerEntryPoint.completionKind)","passed":"# + (passed ? "true" : "false")
                        + #","records":"# + String(state.next) + "}"
                    Array(completion.utf8).withUnsafeBytes { sign($0, &state) }
                    memset(page, 0, 4096)
                    WorkbookRunnerCrashGuard.page = nil
                    munmap(page, 4096)
                    state.wiped = true
                }
            }

            private func sign(_ record: UnsafeRawBufferPointer, _ state: inout State) {
                let sequence = state.next
                state.next += 1
                let mask = (page.load(fromByteOffset: maskOffset, as: UInt64.self), page.load(fromByteOffset: maskOffset + 8, as: UInt64.self))
                let masked = (page.load(fromByteOffset: keyOffset, as: UInt64.self), page.load(fromByteOffset: keyOffset + 8, as: UInt64.self))
                let mac = RunnerSipHash.hex(RunnerSipHash.mac(sequence: sequence, record, k0: mask.0 ^ masked.0, k1: mask.1 ^ masked.1))
                Self.scrub()
                let head = Array("\(sequence) \(mac) ".utf8)
                Self.writeAll(3, head + Array(record) + [10])
                // With "marks", each test's start and end is marked in standard output (the
                // tests then run one at a time), so its own output can be told apart.
                if marks, Self.isTestStartOrEnd(record) {
                    fflush(stdout)
                    Self.writeAll(1, Array("\u{1}wb \(sequence) \(mac)\n".utf8))
                }
            }

            /// Zeroes the stack below this frame, where the hash's frame held the key.
            @inline(never) static func scrub() {
                withUnsafeTemporaryAllocation(byteCount: 1024, alignment: 16) { buffer in
                    _ = memset(buffer.baseAddress!, 0, buffer.count)
                }
            }

            static func isTestStartOrEnd(_ record: UnsafeRawBufferPointer) -> Bool {
                let text = String(decoding: record, as: UTF8.self)
                return text.contains(#""kind":"testStarted""#) || text.contains(#""kind":"testEnded""#)
            }

            static func writeAll(_ fd: Int32, _ line: [UInt8]) {
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

        enum RunnerSipHash {
            /// The 64-bit SipHash-2-4 of `message` under the key whose little-endian halves are `k0`, `k1`.
            static func hash(_ message: UnsafeRawBufferPointer, k0: UInt64, k1: UInt64) -> UInt64 {
                var v0: UInt64 = 0x736f6d6570736575 ^ k0
                var v1: UInt64 = 0x646f72616e646f6d ^ k1
                var v2: UInt64 = 0x6c7967656e657261 ^ k0
                var v3: UInt64 = 0x7465646279746573 ^ k1
                let whole = message.count & ~7
                var offset = 0
                while offset < whole {
                    let word = UInt64(littleEndian: message.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                    v3 ^= word; rounds(2, &v0, &v1, &v2, &v3); v0 ^= word
                    offset += 8
                }
                var last = UInt64(truncatingIfNeeded: message.count) << 56
                for index in whole..<message.count { last |= UInt64(message[index]) << UInt64(8 * (index - whole)) }
                v3 ^= last; rounds(2, &v0, &v1, &v2, &v3); v0 ^= last
                v2 ^= 0xff
                rounds(4, &v0, &v1, &v2, &v3)
                return v0 ^ v1 ^ v2 ^ v3
            }

            /// SipRound, `count` times. On `inout` locals, not a closure's captures: those could
            /// be boxed on the heap, and the key would outlive the hash in freed memory.
            private static func rounds(_ count: Int, _ v0: inout UInt64, _ v1: inout UInt64, _ v2: inout UInt64, _ v3: inout UInt64) {
                for _ in 0..<count {
                    v0 &+= v1; v1 = v1 << 13 | v1 >> 51; v1 ^= v0; v0 = v0 << 32 | v0 >> 32
                    v2 &+= v3; v3 = v3 << 16 | v3 >> 48; v3 ^= v2
                    v0 &+= v3; v3 = v3 << 21 | v3 >> 43; v3 ^= v0
                    v2 &+= v1; v1 = v1 << 17 | v1 >> 47; v1 ^= v2; v2 = v2 << 32 | v2 >> 32
                }
            }

            /// The MAC of the record numbered `sequence`: the hash of the number (8 bytes,
            /// little-endian) followed by the record's bytes, so a record cannot be moved.
            static func mac(sequence: UInt64, _ record: UnsafeRawBufferPointer, k0: UInt64, k1: UInt64) -> UInt64 {
                var bytes = [UInt8](repeating: 0, count: 8 + record.count)
                for index in 0..<8 { bytes[index] = UInt8(truncatingIfNeeded: sequence >> UInt64(8 * index)) }
                for index in 0..<record.count { bytes[8 + index] = record[index] }
                return bytes.withUnsafeBytes { hash($0, k0: k0, k1: k1) }
            }

            /// Sixteen lowercase hex digits, zero-padded: the MAC as the line carries it.
            static func hex(_ value: UInt64) -> String {
                let digits = String(value, radix: 16)
                return String(repeating: "0", count: 16 - digits.count) + digits
            }
        }

        """#

    /// The 128-bit key of one run: fresh from the system's random source each time.
    struct Key: Sendable, Equatable {
        var k0: UInt64
        var k1: UInt64

        static func random() -> Key {
            var generator = SystemRandomNumberGenerator()
            return Key(k0: generator.next(), k1: generator.next())
        }

        /// Its 16 bytes (k0 then k1, each little-endian) as 32 hex digits: how the runner reads it.
        var hex: String {
            (0..<16).map { index in
                let byte = UInt8(truncatingIfNeeded: (index < 8 ? k0 : k1) >> UInt64(8 * (index % 8)))
                return (byte < 16 ? "0" : "") + String(byte, radix: 16)
            }.joined()
        }

        func mac(sequence: UInt64, _ record: some Collection<UInt8>) -> UInt64 {
            Array(record).withUnsafeBytes { RunnerSipHash.mac(sequence: sequence, $0, k0: k0, k1: k1) }
        }
    }

    /// What the runner reads on standard input to run one suite, or with `test` (a test's
    /// id, as the event stream gives it) that one test alone: per-test coverage runs each
    /// test by itself, so that its counters are its own.
    static func orders(key: Key, suite: String, test: String? = nil, markTests: Bool = false) -> String {
        let filter = test.map { "^" + NSRegularExpression.escapedPattern(for: $0) + "$" } ?? "^\(moduleName)\\.\(suite)(/|$)"
        var configuration: [String: any Sendable] = ["filter": [filter], "eventStreamVersion": 0]
        if markTests { configuration["parallel"] = false }
        let data = (try? JSONSerialization.data(withJSONObject: configuration, options: [.sortedKeys])) ?? Data("{}".utf8)
        return key.hex + "\n" + String(decoding: data, as: UTF8.self) + "\n" + (markTests ? "marks\n" : "")
    }

    /// Standard output split at the runner's marks: what each test printed, by test id,
    /// and the output with the marks taken out. A mark counts only when its number and
    /// MAC are those of a verified start or end record, so code under test cannot fake one;
    /// a line that only looks like a mark stays in the output.
    static func splitOutput(_ output: String, stream: TestEventStream) -> (byTest: [String: String], rest: String) {
        guard output.contains(markPrefix) else { return ([:], output) }
        var byTest: [String: String] = [:]
        var rest = ""
        var current: String?
        for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix(markPrefix), let mark = stream.marks[String(line.dropFirst(markPrefix.count))] {
                current = mark.starts ? mark.testID : nil
                continue
            }
            rest += line + "\n"
            if let current { byTest[current, default: ""] += line + "\n" }
        }
        if !output.hasSuffix("\n"), rest.hasSuffix("\n") { rest.removeLast() }
        return (byTest, rest)
    }
}
