import Chapter03Queues
import Diner
import Foundation
import Dispatch
import Stage
import Testing

@Suite("Exercise 3.4: Load the menu and the specials together")
struct Ex4_MenuAndSpecialsTests {
    static let specialsItems = [MenuItem(name: "Pancakes", price: Decimal(string: "3.99")!)]

    /// One report from `loadMenuAndSpecials`, with where it happened and what the
    /// services had answered by then.
    struct Report: Sendable {
        var result: Result<MenuAndSpecials, InventoryError>
        var onMainQueue: Bool
        var answeredByThen: (menu: Int, specials: Int)
    }

    /// The completion handler the tests hand `loadMenuAndSpecials`: it writes down each
    /// report (its result, whether it ran on the main queue, what the services had
    /// answered by then) in `reports`, and hands it to `done`.
    static func recording(into reports: Locked<[Report]>, menu: InventoryService, specials: InventoryService,
                          then done: @escaping @Sendable (Report) -> Void) -> @Sendable (Result<MenuAndSpecials, InventoryError>) -> Void {
        { result in
            let report = Report(result: result, onMainQueue: MainQueue.isCurrent,
                                answeredByThen: (menu.answeredCount, specials.answeredCount))
            reports.withLock { $0.append(report) }
            done(report)
        }
    }

    /// Runs `loadMenuAndSpecials` and waits for its first report; then lets every
    /// queue involved finish what it was doing and counts all the reports.
    func run(menu: InventoryService, specials: InventoryService) async throws -> (first: Report, count: Int) {
        let queue = DispatchQueue(label: "com.closuresworkbook.tests.fetch", attributes: .concurrent)
        let reports = Locked<[Report]>([])
        let first: Report? = await awaitCallback { done in
            loadMenuAndSpecials(menu: menu, specials: specials, on: queue,
                                completion: Self.recording(into: reports, menu: menu, specials: specials, then: done))
        }
        let report = try #require(first, "loadMenuAndSpecials never called its completion handler")
        // Let the fetch queue drain (a barrier waits for every block before it),
        // then let the main queue run whatever was sent to it.
        queue.sync(flags: .barrier) {}
        _ = await awaitCallback { done in DispatchQueue.main.async { done(()) } }
        return (report, reports.value.count)
    }

    @Test("reports both lists once, on the main queue")
    func bothLists() async throws {
        let menu = InventoryService()
        let (report, count) = try await run(menu: menu, specials: InventoryService(items: Self.specialsItems))
        #expect(try report.result.get() == MenuAndSpecials(menu: InventoryService.sampleItems, specials: Self.specialsItems),
                "the report was \(report.result); expected the menu and the specials")
        #expect(report.onMainQueue, "the completion handler ran off the main queue; use group.notify(queue: .main)")
        #expect(count == 1, "the completion handler was called \(count) times; call it once, when the group is done")
        // The service records which requests `load(completion:)` made.
        let asked = menu.requests
        #expect(asked.count == 1 && asked.allSatisfy(\.throughLoad),
                "the menu was asked \(asked.count) time(s), \(asked.filter(\.throughLoad).count) through load(completion:); expected once, with menu.load(completion:)")
    }

    @Test("reports only after both services have answered")
    func waitsForBoth() async throws {
        let (report, _) = try await run(
            menu: InventoryService(latency: .milliseconds(2)),
            specials: InventoryService(items: Self.specialsItems, latency: .milliseconds(10)))
        #expect(report.answeredByThen.menu == 1 && report.answeredByThen.specials == 1,
                "when the completion handler ran, the menu had answered \(report.answeredByThen.menu) time(s) and the specials \(report.answeredByThen.specials); wait for both with a DispatchGroup")
    }

    @Test("waits for the menu when it is the slower one")
    func waitsForSlowMenu() async throws {
        // The menu takes the longer time here: a report made when only the specials
        // have answered comes far too early.
        let (report, count) = try await run(
            menu: InventoryService(latency: .milliseconds(50)),
            specials: InventoryService(items: Self.specialsItems))
        #expect(report.answeredByThen.menu == 1 && report.answeredByThen.specials == 1,
                "when the completion handler ran, the menu had answered \(report.answeredByThen.menu) time(s) and the specials \(report.answeredByThen.specials); both fetches must be in the group")
        #expect(try report.result.get() == MenuAndSpecials(menu: InventoryService.sampleItems, specials: Self.specialsItems),
                "the report was \(report.result); expected the menu and the specials")
        #expect(count == 1, "the completion handler was called \(count) times; call it once, when the group is done")
    }

    @Test("reports the failure of either service, the menu's when both fail",
          arguments: [(true, false), (false, true), (true, true)])
    func failure(menuFails: Bool, specialsFails: Bool) async throws {
        let menuError = InventoryError("the menu server is down"), specialsError = InventoryError("no specials today")
        let (report, count) = try await run(
            menu: InventoryService(failure: menuFails ? menuError : nil),
            specials: InventoryService(items: Self.specialsItems, latency: .milliseconds(2), failure: specialsFails ? specialsError : nil))
        let expected = menuFails ? menuError : specialsError
        #expect(report.result == .failure(expected),
                "with menu failing: \(menuFails), specials failing: \(specialsFails), the report was \(report.result); expected the failure “\(expected)”")
        #expect(count == 1, "the completion handler was called \(count) times; a failure is still one report")
        #expect(report.answeredByThen.menu == 1 && report.answeredByThen.specials == 1,
                "a failure was reported before both services had answered; report once the group is done")
    }

    @Test("waits for the specials when the menu answers before load returns")
    func menuAnswersInPlace() async throws {
        let queue = DispatchQueue(label: "com.closuresworkbook.tests.held-specials", attributes: .concurrent)
        let menu = InventoryService(answersInPlace: true), specials = InventoryService(items: Self.specialsItems)
        // The specials' queue is held until the main queue has run whatever the call
        // sent it: a `notify` asked for while the group was empty has run by then.
        queue.suspend()
        let reports = Locked<[Report]>([])
        let whileHeld = Locked<(reports: Int, menuRequests: Int)?>(nil)
        let first: Report? = await awaitCallback { done in
            loadMenuAndSpecials(menu: menu, specials: specials, on: queue,
                                completion: Self.recording(into: reports, menu: menu, specials: specials, then: done))
            DispatchQueue.main.async {
                whileHeld.withLock { $0 = (reports.value.count, menu.requests.count) }
                queue.resume()
            }
        }
        let held = try #require(whileHeld.value, "the main queue never ran the block the test sent it")
        #expect(held.menuRequests == 1,
                "the menu was asked \(held.menuRequests) time(s) while the specials' queue was held; expected once, with menu.load(completion:)")
        #expect(held.reports == 0,
                "with the menu answered before load returned and the specials' queue held, the completion handler ran \(held.reports) time(s) before the specials were fetched; expected none yet: both must be in the group before notify is asked for")
        let report = try #require(first, "loadMenuAndSpecials never called its completion handler")
        #expect(try report.result.get() == MenuAndSpecials(menu: InventoryService.sampleItems, specials: Self.specialsItems),
                "once the queue ran, the report was \(report.result); expected the menu and the specials")
        #expect(report.answeredByThen.specials == 1,
                "the completion handler ran before the specials had answered")
    }

    @Test("returns at once and fetches the specials on its queue: while the queue is held, they are not fetched")
    func returnsAtOnce() async throws {
        let queue = DispatchQueue(label: "com.closuresworkbook.tests.held-fetch", attributes: .concurrent)
        let menu = InventoryService(), specials = InventoryService(items: Self.specialsItems)
        // A held queue runs nothing: a fetch made meanwhile was made in place, and a
        // `sync` onto it waits until the queue is let go (here after 2 s at most).
        queue.suspend()
        let returned = DispatchSemaphore(value: 0)
        let reported: Result<MenuAndSpecials, InventoryError>? = await awaitCallback { report in
            DispatchQueue.global().async {
                loadMenuAndSpecials(menu: menu, specials: specials, on: queue) { report($0) }
                returned.signal()
            }
            let returnedWhileHeld = returned.wait(timeout: .now() + .seconds(2)) == .success
            let fetchedWhileHeld = specials.requests.count
            queue.resume()
            #expect(returnedWhileHeld, "with its queue held, loadMenuAndSpecials had not returned after 2 s; expected it to ask the menu with load(completion:), hand the specials' fetch to the queue with async, and return at once")
            #expect(fetchedWhileHeld == 0, "with its queue held, the specials were fetched anyway, so not on that queue; expected their fetch in a block of its own on the queue")
            if !returnedWhileHeld { _ = returned.wait(timeout: .now() + .seconds(2)) }
        }
        #expect(try reported?.get() == MenuAndSpecials(menu: InventoryService.sampleItems, specials: Self.specialsItems),
                "once the queue ran, the report was \(String(describing: reported)); expected the menu and the specials")
    }
}
