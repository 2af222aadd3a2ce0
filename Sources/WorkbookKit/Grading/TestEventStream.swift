import Foundation

/// A Swift Testing event stream (`--event-stream-version 0`), read: one JSON object a
/// line, either a test record (`"kind":"test"`) or an event (`"kind":"event"`:
/// `runStarted`, `testStarted`, `issueRecorded`, `testEnded`, `runEnded`, …).
/// Lines it cannot read are skipped: a crash may cut the last one short.
public struct TestEventStream: Sendable, Equatable {
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
    public struct Issue: Sendable, Equatable {
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
    public var issues: [String: [Issue]] = [:]
    public var runEnded = false
    /// Seconds from each test's start to its end, by test id (from the events' instants).
    public var durations: [String: Double] = [:]
    /// The runner's own last record, written after Swift Testing returned (only in a
    /// token-signed stream: see `RunnerEntryPoint`).
    public var runnerCompleted = false
    /// Lines on the channel that did not carry the run's token: written by the code under
    /// test, not by the runner. Ignored, and counted so the report can say so.
    public var foreignLines = 0

    public init(tests: [TestRecord] = []) {
        self.tests = tests
    }

    /// A stream whose every genuine line starts with `token` and a space.
    public init(parsing text: String, token: String) {
        let prefix = token + " "
        var genuine: [Substring] = []
        var foreign = 0
        for line in text.split(separator: "\n") {
            if line.hasPrefix(prefix) { genuine.append(line.dropFirst(prefix.count)) } else { foreign += 1 }
        }
        self.init(lines: genuine)
        foreignLines = foreign
        runnerCompleted = genuine.last.map { $0.contains("\"kind\":\"\(RunnerEntryPoint.completionKind)\"") } ?? false
    }

    public init(parsing text: String) {
        self.init(lines: text.split(separator: "\n"))
    }

    private init(lines: [Substring]) {
        let decoder = JSONDecoder()
        var startInstants: [String: Double] = [:]
        for line in lines {
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
                    if let instant = payload.instant?.absolute { startInstants[id] = instant }
                }
            case ("event", "testEnded"):
                if let id = payload.testID {
                    ended.insert(id)
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
    public var unfinished: [TestRecord] {
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
