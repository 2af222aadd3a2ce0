import Diner
import Foundation
import Synchronization

/// Why the simulated inventory service did not answer.
public struct InventoryError: Error, Equatable, Sendable, CustomStringConvertible {
    public var reason: String

    public init(_ reason: String) { self.reason = reason }

    public var description: String { reason }
}

/// A stand-in for the seed's inventory web service (a PHP script that slept five
/// seconds and then returned JSON). The latency and the failure are injected, so a
/// test can wait milliseconds instead of seconds and can make the server fail.
///
/// Every request is recorded with the queue that made it, so a test can tell the
/// learner "you fetched the inventory on the main queue".
public final class InventoryService: Sendable {
    /// One request to the service.
    public struct Request: Equatable, Sendable, CustomStringConvertible {
        /// The queue that made the request (see `QueueName`).
        public var queue: String
        public var onMainQueue: Bool
        /// Whether the answer has been delivered.
        public var finished: Bool
        /// Whether `load(completion:)` made it (not a call of `retrieveInventoryItems()`).
        public var throughLoad = false

        public var description: String {
            "request from \(queue)\(finished ? "" : " (still waiting)")"
        }
    }

    public let name: String
    public let latency: Duration
    public let failure: InventoryError?
    /// Whether `load(completion:)` answers before it returns, on the caller's thread.
    public let answersInPlace: Bool
    private let items: [MenuItem]
    private let recorder: QueueRecorder?
    private let log = Mutex<[Request]>([])
    /// Where `load(completion:)` does its waiting, like a networking library's own queue.
    private let deliveryQueue: DispatchQueue

    /// - Parameters:
    ///   - items: what the service returns; by default the decoded `InventoryRecord.sampleJSON`.
    ///   - latency: how long each request blocks (the seed's server: five seconds).
    ///   - failure: when set, every request fails with it after the latency.
    ///   - recorder: when set, each request is recorded there as a span named `name`.
    ///   - answersInPlace: when set, `load(completion:)` answers before it returns, as a
    ///     service with a cache may: a completion handler promises to be called, not when.
    public init(
        name: String = "fetch inventory",
        items: [MenuItem] = InventoryService.sampleItems,
        latency: Duration = .zero,
        failure: InventoryError? = nil,
        recorder: QueueRecorder? = nil,
        answersInPlace: Bool = false
    ) {
        self.name = name
        self.answersInPlace = answersInPlace
        self.items = items
        self.latency = latency
        self.failure = failure
        self.recorder = recorder
        self.deliveryQueue = DispatchQueue(label: "org.closuresworkbook.stage.inventory-service")
    }

    /// The sample inventory, decoded from the service's JSON.
    public static let sampleItems: [MenuItem] = {
        let records = try! JSONDecoder().decode(
            [InventoryRecord].self, from: Data(InventoryRecord.sampleJSON.utf8))
        return records.map(\.menuItem)
    }()

    /// Fetches the inventory, blocking the caller for `latency`, as the seed's
    /// `retrieveInventoryItems` did with `dataWithContentsOfURL:`.
    /// Call it off the main queue.
    public func retrieveInventoryItems() throws(InventoryError) -> [MenuItem] {
        try retrieve(throughLoad: false)
    }

    private func retrieve(throughLoad: Bool) throws(InventoryError) -> [MenuItem] {
        let index = log.withLock { log in
            log.append(Request(queue: QueueName.current, onMainQueue: MainQueue.isCurrent, finished: false, throughLoad: throughLoad))
            return log.count - 1
        }
        defer { log.withLock { $0[index].finished = true } }
        let wait = {
            if self.latency > .zero {
                Thread.sleep(forTimeInterval: self.latency.seconds)
            }
        }
        if let recorder { recorder.span(name, wait) } else { wait() }
        if let failure { throw failure }
        return items
    }

    /// The completion-handler form: returns at once, fetches on the service's own
    /// queue, and calls `completion` exactly once, on that queue (not the main queue) —
    /// or, with `answersInPlace`, on the caller's thread before it returns.
    public func load(completion: @escaping @Sendable (Result<[MenuItem], InventoryError>) -> Void) {
        let answer: @Sendable () -> Void = { completion(Result { () throws(InventoryError) in try self.retrieve(throughLoad: true) }) }
        if answersInPlace { answer() } else { deliveryQueue.async(execute: answer) }
    }

    /// Every request so far, oldest first.
    public var requests: [Request] { log.withLock { $0 } }

    /// How many requests have been answered.
    public var answeredCount: Int { requests.filter(\.finished).count }
}
