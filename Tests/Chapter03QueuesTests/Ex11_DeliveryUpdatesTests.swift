import Chapter03Queues
import Stage
import Testing

@Suite("Exercise 3.11: Follow a delivery with AsyncStream")
struct Ex11_DeliveryUpdatesTests {
    /// Reads the whole stream in a task of its own, waiting at most eight seconds, so a
    /// stream that never ends fails the test instead of hanging it.
    func readAll(_ updates: AsyncStream<DeliveryUpdate>) async -> [DeliveryUpdate]? {
        await awaitCallback { done in
            Task {
                var seen: [DeliveryUpdate] = []
                for await update in updates { seen.append(update) }
                done(seen)
            }
        }
    }

    @Test("delivers every report in order, those made before anyone reads too, and ends after the arrival")
    func everyReport() async throws {
        let tracker = DeliveryTracker()
        let updates = deliveryUpdates(for: 7, from: tracker)
        tracker.report(.minutesAway(20), for: 7)
        tracker.report(.minutesAway(12), for: 7)
        let reading = Task { await readAll(updates) }
        tracker.report(.minutesAway(3), for: 7)
        tracker.report(.arrived, for: 7)
        let seen = try #require(await reading.value,
                                "the loop over the stream never ended after “arrived”: finish the stream after the last report")
        let expected: [DeliveryUpdate] = [.minutesAway(20), .minutesAway(12), .minutesAway(3), .arrived]
        #expect(seen == expected, "the stream gave \(seen); expected \(expected), every report once, in order, “arrived” last")
    }

    @Test("stops the tracking when the task reading the stream is cancelled")
    func stopsOnCancel() async throws {
        let tracker = DeliveryTracker()
        let updates = deliveryUpdates(for: 4, from: tracker)
        try #require(tracker.activeTrackings == 1,
                     "the tracker had \(tracker.activeTrackings) trackings after deliveryUpdates; expected one, from track(order:update:)")
        let reader = Task {
            var count = 0
            for await _ in updates { count += 1 }
            return count
        }
        tracker.report(.minutesAway(9), for: 4)
        reader.cancel()
        let ended: Int? = await awaitCallback { done in Task { done(await reader.value) } }
        try #require(ended != nil, "the loop over the stream did not end when its task was cancelled")
        #expect(tracker.activeTrackings == 0,
                "the reader was cancelled, and the tracker still had \(tracker.activeTrackings) tracking(s): stop the tracking when the stream terminates")
    }

    @Test("hears only the order it was asked about, and no report after the arrival")
    func onlyItsOrder() async throws {
        let tracker = DeliveryTracker()
        let mine = deliveryUpdates(for: 1, from: tracker)
        let theirs = deliveryUpdates(for: 2, from: tracker)
        tracker.report(.minutesAway(5), for: 2)
        tracker.report(.minutesAway(8), for: 1)
        tracker.report(.arrived, for: 2)
        tracker.report(.arrived, for: 1)
        tracker.report(.minutesAway(1), for: 1)  // after the arrival: nobody hears it
        let seenMine = try #require(await readAll(mine), "the stream for order 1 never ended after its arrival")
        let seenTheirs = try #require(await readAll(theirs), "the stream for order 2 never ended after its arrival")
        #expect(seenMine == [.minutesAway(8), .arrived], "order 1's stream gave \(seenMine); expected [8 min away, arrived]")
        #expect(seenTheirs == [.minutesAway(5), .arrived], "order 2's stream gave \(seenTheirs); expected [5 min away, arrived]")
    }

    @Test("with a tracker that answers inside track, gives what it already knew and stops a tracking that ended at once")
    func trackerThatAnswersAtOnce() async throws {
        let tracker = DeliveryTracker(answersAtOnce: true)
        tracker.report(.minutesAway(6), for: 3)
        tracker.report(.arrived, for: 5)
        tracker.waitForReports()
        let onItsWay = deliveryUpdates(for: 3, from: tracker)
        // Order 5 has arrived: its stream ends inside track(order:update:), before track returns.
        let arrived = deliveryUpdates(for: 5, from: tracker)
        let seenArrived = try #require(await readAll(arrived), "the stream for an order that had arrived never ended")
        #expect(seenArrived == [.arrived], "the stream for an order that had arrived gave \(seenArrived); expected [arrived]")
        let active = tracker.activeTrackings
        #expect(active == 1,
                Comment(rawValue: "with order 5's stream over and order 3's still open, the tracker had \(active) tracking(s); expected 1"
                    + (active == 2 ? ": order 5's stream ended before track returned its tracking, and that tracking was never stopped" : "")))
        tracker.report(.arrived, for: 3)
        let seenOnItsWay = try #require(await readAll(onItsWay), "the stream for order 3 never ended after its arrival")
        #expect(seenOnItsWay == [.minutesAway(6), .arrived], "order 3's stream gave \(seenOnItsWay); expected [6 min away, arrived]")
    }
}
