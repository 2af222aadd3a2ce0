import Foundation
import Stage
import Testing
import Chapter02Enumeration

/// Runs the learner's deletion and turns a refused table update into a readable failure.
@MainActor
private func deleteOdd(on screen: NumbersScreen) -> Bool? {
    do {
        return try screen.deleteOddNumbersSection()
    } catch {
        Issue.record("the table refused the update, as UIKit would have crashed: \(error)")
        return nil
    }
}

@Suite("Exercise 2.6: Delete the \"Odd Numbers\" section")
@MainActor  // the stage's views belong to the main actor, as UIKit's do
struct Ex6_DeleteSectionTests {
    @Test("removes the section from the data source and then from the table")
    func deletesSeedSection() throws {
        let screen = NumbersScreen()
        // A refused update has its own message; what would have followed it did not happen.
        guard let deleted = deleteOdd(on: screen) else { return }
        #expect(deleted, "there was an Odd Numbers section, so the method should return true")
        #expect(screen.dataSource.sections.map(\.title) == ["Even Numbers"],
                "the data source should keep only Even Numbers; it has \(screen.dataSource.sections.map(\.title))")
        #expect(screen.table.contents == "Even Numbers: 0, 2, 4, 6",
                "the table should show only the even numbers; it shows:\n\(screen.table.contents)")
        let update = try #require(screen.table.updates.last,
                                  "the table was never told about the deletion: no deleteSections reached it")
        #expect(update.deletedSections == IndexSet(integer: 0),
                "the Odd Numbers section was section 0; the table was told to delete \(Array(update.deletedSections))")
    }

    @Test("finds the section by its title, wherever it is")
    func findsByTitle() throws {
        let screen = NumbersScreen(dataSource: NumbersDataSource(sections: [
            .init(title: "Even Numbers", numbers: [0, 2]),
            .init(title: "Odd Numbers", numbers: [1, 3]),
            .init(title: "Primes", numbers: [2, 3, 5]),
        ]))
        guard deleteOdd(on: screen) != nil else { return }  // refused: its message says so
        let update = try #require(screen.table.updates.last, "the table was never told which section went")
        #expect(update.deletedSections == IndexSet(integer: 1),
                Comment(rawValue: "here Odd Numbers is section 1; the table was told to delete \(Array(update.deletedSections))"
                    + (update.deletedSections == IndexSet(integer: 0) ? ": section 0, where the seed has it (look it up by title)" : "")))
        #expect(screen.table.sections.map(\.title) == ["Even Numbers", "Primes"],
                "the table should still show Even Numbers and Primes; it shows \(screen.table.sections.map(\.title))")
    }

    @Test("deletes the first Odd Numbers section when there are two")
    func deletesTheFirst() throws {
        let screen = NumbersScreen(dataSource: NumbersDataSource(sections: [
            .init(title: "Even Numbers", numbers: [0, 2]),
            .init(title: "Odd Numbers", numbers: [1, 3]),
            .init(title: "Odd Numbers", numbers: [5, 7]),
        ]))
        guard deleteOdd(on: screen) != nil else { return }  // refused: its message says so
        let update = try #require(screen.table.updates.last, "the table was never told which section went")
        #expect(update.deletedSections == IndexSet(integer: 1),
                "with Odd Numbers at sections 1 and 2, the first (1) goes; the table was told to delete \(Array(update.deletedSections))")
        #expect(screen.dataSource.sections.map(\.numbers) == [[0, 2], [5, 7]],
                "the data source should keep Even Numbers and the second Odd Numbers (5, 7); it has \(screen.dataSource.sections.map(\.numbers))")
    }

    @Test("removes the bar button once its job is done")
    func removesButton() {
        let screen = NumbersScreen()
        guard deleteOdd(on: screen) != nil else { return }  // refused: its message says so, and the button rightly stays
        #expect(screen.barButton == nil, "with the odd numbers gone, the Delete button is useless: set barButton to nil")
    }

    @Test("passes on a refused update, and keeps the button")
    func refusedUpdate() {
        let screen = NumbersScreen()
        // A section the table was never told about: the table shows 2, the data source has 3,
        // so deleting one leaves 2 where the table expects 1, and it refuses, as UIKit would.
        screen.dataSource.sections.append(.init(title: "Primes", numbers: [2, 3, 5]))
        var refused = false
        do {
            _ = try screen.deleteOddNumbersSection()
        } catch {
            refused = true
        }
        #expect(refused, "the table cannot accept this deletion (it showed 2 sections; the data source had 3, then 2), yet your method returned without an error: the table's error should reach the caller")
        if refused {
            #expect(screen.barButton != nil, "the table refused the deletion, so the button still has work to do; it was removed: remove it only after the table accepted the update")
        }
    }

    @Test("changes nothing when there is no Odd Numbers section")
    func nothingToDelete() {
        let screen = NumbersScreen(dataSource: NumbersDataSource(sections: [
            .init(title: "Even Numbers", numbers: [0, 2, 4, 6]),
        ]))
        #expect(deleteOdd(on: screen) == false, "there was no Odd Numbers section, so the method should return false")
        #expect(screen.table.updates.isEmpty, "nothing was deleted, so the table should not have been updated")
        #expect(screen.dataSource.sections.count == 1, "the Even Numbers section must stay")
        #expect(screen.barButton != nil, "the seed kept its button when it found nothing to delete")
    }
}
