import Foundation
import Stage
import Testing
import Chapter02Enumeration

/// Runs the learner's deletion and turns a refused table update into a readable failure.
@MainActor
private func delete(above limit: Int, on screen: NumbersScreen) -> [IndexPath] {
    do {
        return try screen.deleteNumbers(greaterThan: limit)
    } catch {
        Issue.record("the table refused the update, as UIKit would have crashed: \(error)")
        return []
    }
}

@Suite("Exercise 2.7: Delete every number greater than a limit")
@MainActor  // the stage's views belong to the main actor, as UIKit's do
struct Ex7_DeleteGreaterThanTests {
    @Test("deletes 3, 5, 7, 4 and 6 from the seed's table")
    func seedScene() throws {
        let screen = NumbersScreen()
        let paths = delete(above: 2, on: screen)
        let expected = [
            IndexPath(row: 1, section: 0), IndexPath(row: 2, section: 0), IndexPath(row: 3, section: 0),
            IndexPath(row: 2, section: 1), IndexPath(row: 3, section: 1),
        ]
        #expect(paths == expected, "expected the index paths \(expected) in section then row order; got \(paths)")
        #expect(screen.table.contents == "Odd Numbers: 1\nEven Numbers: 0, 2",
                "after deleting every number above 2 the table should show:\nOdd Numbers: 1\nEven Numbers: 0, 2\nIt shows:\n\(screen.table.contents)")
        #expect(screen.barButton == nil, "the button has done its job: remove it")
    }

    @Test("tells the table about all the rows in one update")
    func oneUpdate() throws {
        let screen = NumbersScreen()
        let paths = delete(above: 2, on: screen)
        #expect(screen.table.updates.count == 1,
                "call deleteRows(at:with:) once with every index path (not once per row, and not reloadData); the table saw \(screen.table.updates.count) updates")
        #expect(screen.table.updates.first?.deletedRows == paths, "the rows deleted from the table should be the index paths you return")
    }

    @Test("removes the right numbers when doomed rows sit next to each other")
    func neighbours() {
        let screen = NumbersScreen(dataSource: NumbersDataSource(sections: [
            .init(title: "Mixed", numbers: [3, 4, 1, 5, 2]),
        ]))
        let paths = delete(above: 2, on: screen)
        #expect(screen.dataSource.sections[0].numbers == [1, 2],
                "only 1 and 2 are not above 2, so [1, 2] should remain; got \(screen.dataSource.sections[0].numbers)")
        #expect(paths == [IndexPath(row: 0, section: 0), IndexPath(row: 1, section: 0), IndexPath(row: 3, section: 0)],
                "the doomed rows were 0, 1 and 3 of section 0 before the update; got \(paths)")
    }

    @Test("keeps sections that end up empty")
    func emptySections() {
        let screen = NumbersScreen()
        _ = delete(above: -1, on: screen)
        #expect(screen.table.contents == "Odd Numbers: (no rows)\nEven Numbers: (no rows)",
                "every number is above -1, but the sections stay; the table shows:\n\(screen.table.contents)")
    }

    @Test("changes nothing when no number is above the limit")
    func nothingAbove() {
        let screen = NumbersScreen()
        let paths = delete(above: 100, on: screen)
        #expect(paths.isEmpty, "no number is above 100; got \(paths)")
        #expect(screen.dataSource.sections == NumbersDataSource.oddAndEven().sections, "the data source must not change")
        #expect(screen.table.updates.allSatisfy { $0.isEmpty }, "there was nothing to tell the table")
        #expect(screen.barButton != nil, "no number was deleted, so the button stays for another try; it was removed")
    }

    @Test("leaves the table and the data source in agreement", arguments: [-1, 0, 2, 5, 7])
    func agreement(limit: Int) {
        let screen = NumbersScreen()
        _ = delete(above: limit, on: screen)
        let shown = screen.table.sections.map(\.rows)
        let data = screen.dataSource.sections.map { $0.numbers.map(String.init) }
        let expected = NumbersDataSource.oddAndEven().sections.map { $0.numbers.filter { $0 <= limit }.map(String.init) }
        #expect(data == expected, "with the limit \(limit) the data source should hold \(expected); it holds \(data)")
        #expect(shown == expected, "with the limit \(limit) the table should show \(expected); it shows \(shown)")
    }
}
