import Foundation
import Synchronization
import Testing
import WorkbookSystem
import WorkbookTestSupport

/// `BlockingLanes.map`, whose caller is one of its lanes. Called from a thread of its own,
/// as the engine's blocking work is (never from the test pool's); what it saw is checked
/// back on the test's task.
@Suite("Blocking lanes")
struct BlockingLanesTests {
    struct Odd: Error, Equatable { var value: Int }

    @Test("keeps the items' order, runs at most `width` at once, the caller's thread among them")
    func orderAndWidth() async throws {
        let seen = try await onOwnThread { () throws -> (squares: [Int], most: Int, threads: Int, callerWorked: Bool) in
            let running = Mutex((now: 0, most: 0))
            let threads = Mutex(Set<String>())
            let caller = Self.name(of: Thread.current)
            let squares = try BlockingLanes.map(Array(1...40), width: 3) { item -> Int in
                running.withLock { $0.now += 1; $0.most = max($0.most, $0.now) }
                threads.withLock { _ = $0.insert(Self.name(of: Thread.current)) }
                Thread.sleep(forTimeInterval: 0.001)
                running.withLock { $0.now -= 1 }
                return item * item
            }
            return (squares, running.withLock { $0.most }, threads.withLock { $0.count }, threads.withLock { $0.contains(caller) })
        }
        #expect(seen.squares == (1...40).map { $0 * $0 })
        #expect(seen.most <= 3)
        #expect(seen.threads <= 3)
        #expect(seen.callerWorked, "the caller only waited")
    }

    @Test("rethrows the first item's error after every item has run")
    func firstError() async throws {
        let seen = try await onOwnThread { () -> (error: Odd?, done: Int) in
            let done = Mutex(0)
            do {
                _ = try BlockingLanes.map(Array(1...20), width: 4) { item -> Int in
                    defer { done.withLock { $0 += 1 } }
                    if item == 3 || item == 7 { throw Odd(value: item) }
                    return item
                }
                return (nil, done.withLock { $0 })
            } catch {
                return (error as? Odd, done.withLock { $0 })
            }
        }
        #expect(seen.error == Odd(value: 3))
        #expect(seen.done == 20)
    }

    private static func name(of thread: Thread) -> String {
        "\(Unmanaged.passUnretained(thread).toOpaque())"
    }
}
