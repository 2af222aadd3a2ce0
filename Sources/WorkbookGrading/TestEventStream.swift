import Foundation

/// A Swift Testing event stream (`--event-stream-version 0`), read: one JSON object a
/// line, either a test record (`"kind":"test"`) or an event (`"kind":"event"`:
/// `runStarted`, `testStarted`, `issueRecorded`, `testEnded`, `runEnded`, …).
/// Lines it cannot read are skipped: a crash may cut the last one short.
package struct TestEventStream: Sendable, Equatable {
    /// A test function (suites are not listed), in the order the stream declared it.
    public struct TestRecord: Sendable, Equatable {
        public var id: String
        public var name: String
        public var displayName: String?
        /// `_filePath` as the compiler saw it, and the line of the `@Test` attribute.
        public var filePath: String
        public var line: Int

        public var title: String { displayName ?? name }
    }

    /// A recorded issue: the failure message (`Expectation failed: (x → 2) == 1`),
    /// the comments under it, and where in the test it was recorded.
    package struct Issue: Sendable, Equatable {
        public var message: String
        public var details: [String]
        public var filePath: String?
        public var line: Int?
        public var column: Int?
    }

    public var tests: [TestRecord] = []
    public var started: Set<String> = []
    public var ended: Set<String> = []
    /// Issues by test id, in the order they were recorded; known issues are left out.
    package var issues: [String: [Issue]] = [:]
    package var runEnded = false
    /// Seconds from each test's start to its end, by test id (from the events' instants).
    package var durations: [String: Double] = [:]
    /// The runner's own last record, written after Swift Testing returned, arrived and
    /// counted every record before it (only in a signed stream: see `RunnerEntryPoint`).
    package var runnerCompleted = false
    /// What the channel proved was tampered with, when it did: a line without the runner's
    /// MAC, a gap or a repeat in the records' numbers, a completion that counts otherwise,
    /// a line after it. Only the runner's verified records before it were read.
    package var tampering: String?
    /// The marks a test's output may carry, by their text (`SEQUENCE MAC`): a verified
    /// `testStarted` or `testEnded` record's number and MAC.
    public var marks: [String: Mark] = [:]

    public struct Mark: Sendable, Equatable {
        public var starts: Bool
        public var testID: String
    }

    public init(tests: [TestRecord] = []) {
        self.tests = tests
    }

    /// The runner's channel: one `SEQUENCE MAC RECORD` line per record, numbered from 0,
    /// each MAC a SipHash-2-4 under `key` of the number and the record's bytes. Read from
    /// the bytes, so the MAC covers exactly what was sent. A last line without its newline
    /// (a crash can cut one short) is left out; nothing after it could make a run pass.
    init(channel bytes: [UInt8], key: RunnerEntryPoint.Key) {
        var verified: [(mark: String, line: Substring)] = []
        var problem: String?
        var completed = false
        let lines = bytes.split(separator: 10, omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() where index < lines.count - 1 {
            let parts = line.split(separator: 32, maxSplits: 2, omittingEmptySubsequences: false)
            let number = parts.count == 3 ? UInt64(String(decoding: parts[0], as: UTF8.self)) : nil
            let mac = parts.count == 3 && parts[1].count == 16 ? UInt64(String(decoding: parts[1], as: UTF8.self), radix: 16) : nil
            guard let number, let mac, mac == key.mac(sequence: number, parts[2]) else {
                problem = "line \(index + 1) of the results channel does not carry the runner's MAC: "
                    + "something in the tests' process other than the runner wrote it, or changed a record"
                break
            }
            guard !completed else {
                problem = "a record arrived after the runner's last one"
                break
            }
            guard number == UInt64(verified.count) else {
                problem = number > UInt64(verified.count)
                    ? "the runner's record\(number - UInt64(verified.count) == 1 ? "" : "s") \(verified.count)…\(number - 1) never arrived: "
                        + "something in the tests' process held \(number - UInt64(verified.count) == 1 ? "it" : "them") back"
                    : "the runner's record \(number) arrived twice or out of order"
                break
            }
            let record = String(decoding: parts[2], as: UTF8.self)
            if record.contains("\"kind\":\"\(RunnerEntryPoint.completionKind)\"") {
                guard record.contains("\"records\":\(number)}") else {
                    problem = "the runner's last record does not count the records that arrived"
                    break
                }
                completed = true
            }
            verified.append(("\(number) \(RunnerSipHash.hex(mac))", record[...]))
        }
        self.init(lines: verified)
        tampering = problem
        runnerCompleted = completed && problem == nil
    }

    public init(parsing text: String) {
        self.init(lines: text.split(separator: "\n").map { ("", $0) })
    }

    private init(lines: [(mark: String, line: Substring)]) {
        let decoder = JSONDecoder()
        var startInstants: [String: Double] = [:]
        for (mark, line) in lines {
            guard let record = try? decoder.decode(Line.self, from: Data(line.utf8)) else { continue }
            let payload = record.payload
            switch (record.kind, payload.kind) {
            case ("test", "function"):
                guard let id = payload.id, let location = payload.sourceLocation else { continue }
                tests.append(TestRecord(
                    id: id, name: payload.name ?? id, displayName: payload.displayName,
                    filePath: location._filePath ?? location.fileID ?? "", line: location.line ?? 0))
            case ("event", "testStarted"):
                if let id = payload.testID {
                    started.insert(id)
                    if !mark.isEmpty { marks[mark] = Mark(starts: true, testID: id) }
                    if let instant = payload.instant?.absolute { startInstants[id] = instant }
                }
            case ("event", "testEnded"):
                if let id = payload.testID {
                    ended.insert(id)
                    if !mark.isEmpty { marks[mark] = Mark(starts: false, testID: id) }
                    if let end = payload.instant?.absolute, let start = startInstants[id] { durations[id] = max(0, end - start) }
                }
            case ("event", "issueRecorded"):
                guard let id = payload.testID, payload.issue?.isKnown != true else { continue }
                let messages = payload.messages ?? []
                let main = messages.first { $0.symbol == "fail" || $0.symbol == "default" }?.text ?? messages.first?.text ?? "an issue was recorded"
                let details = messages.filter { $0.symbol == "details" }.map(\.text)
                let location = payload.issue?.sourceLocation ?? payload._sourceLocation
                issues[id, default: []].append(Issue(
                    message: main, details: details, filePath: location?._filePath ?? location?.fileID,
                    line: location?.line, column: location?.column))
            case ("event", "runEnded"):
                runEnded = true
            default:
                continue
            }
        }
    }

    /// The test that started and never ended: where a crash or a hang happened.
    package var unfinished: [TestRecord] {
        tests.filter { started.contains($0.id) && !ended.contains($0.id) }
    }

    // The wire format, only the fields the grader reads.
    private struct Line: Decodable {
        var kind: String
        var payload: Payload
    }

    private struct Payload: Decodable {
        var kind: String?
        var id: String?
        var name: String?
        var displayName: String?
        var sourceLocation: Location?
        var testID: String?
        var messages: [Message]?
        var issue: IssuePayload?
        var _sourceLocation: Location?
        var instant: Instant?
    }

    private struct Instant: Decodable {
        var absolute: Double?
    }

    private struct Location: Decodable {
        var _filePath: String?
        var fileID: String?
        var line: Int?
        var column: Int?
    }

    private struct Message: Decodable {
        var symbol: String?
        var text: String
    }

    private struct IssuePayload: Decodable {
        var isKnown: Bool?
        var sourceLocation: Location?
    }
}
