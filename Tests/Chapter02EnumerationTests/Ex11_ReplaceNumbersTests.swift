import Chapter02Enumeration
import Foundation
import Stage
import Testing

@Suite("Exercise 2.11: Replace the numbers in one batch")
@MainActor  // the stage's views belong to the main actor, as UIKit's do
struct Ex11_ReplaceNumbersTests {
    func paths(_ pairs: (Int, Int)...) -> [IndexPath] { pairs.map { IndexPath(row: $0.1, section: $0.0) } }

    @Test("deletes the numbers that go and inserts the ones that come, in one update")
    func oneBatch() throws {
        let screen = NumbersScreen()
        try screen.replaceNumbers(with: [[1, 5, 9], [2, 4, 6, 8]])
        #expect(screen.table.contents == "Odd Numbers: 1, 5, 9\nEven Numbers: 2, 4, 6, 8",
                "the table shows \(screen.table.contents.debugDescription)")
        // A reload is named only when the rows changed with no update at all.
        let reloaded = screen.table.updates.isEmpty && screen.table.contents != NumbersScreen().table.contents
        #expect(screen.table.updates.count == 1,
                Comment(rawValue: "the table was updated \(screen.table.updates.count) times; expected one batch"
                    + (reloaded ? ": its rows changed with no update, as after a reload, which tells it nothing about which rows went and came" : "")))
        let update = try #require(screen.table.updates.last)
        #expect(update.deletedRows == paths((0, 1), (0, 3), (1, 0)),
                "the batch deleted \(update.deletedRows); expected 3 and 7 (rows 1 and 3 of section 0) and 0 (row 0 of section 1)")
        #expect(update.insertedRows == paths((0, 2), (1, 3)),
                "the batch inserted \(update.insertedRows); expected 9 (row 2 of section 0 after the update) and 8 (row 3 of section 1)")
    }

    @Test("touches nothing when nothing changes")
    func unchanged() throws {
        let screen = NumbersScreen()
        try screen.replaceNumbers(with: [[1, 3, 5, 7], [0, 2, 4, 6]])
        #expect(screen.table.updates.isEmpty, "the table was updated \(screen.table.updates.count) times with nothing to change")
        #expect(screen.table.contents == "Odd Numbers: 1, 3, 5, 7\nEven Numbers: 0, 2, 4, 6")
    }

    @Test("empties a section, and fills an empty one")
    func emptyAndFill() throws {
        let screen = NumbersScreen(dataSource: NumbersDataSource(sections: [
            .init(title: "Odd Numbers", numbers: [1, 3]), .init(title: "Even Numbers", numbers: []),
        ]))
        try screen.replaceNumbers(with: [[], [2, 4]])
        #expect(screen.table.contents == "Odd Numbers: (no rows)\nEven Numbers: 2, 4",
                "the table shows \(screen.table.contents.debugDescription)")
        let update = try #require(screen.table.updates.last)
        #expect(update.deletedRows == paths((0, 0), (0, 1)) && update.insertedRows == paths((1, 0), (1, 1)),
                "the batch deleted \(update.deletedRows) and inserted \(update.insertedRows)")
    }

    @Test("deletes when nothing comes, and inserts when nothing goes")
    func onlyOneKind() throws {
        let shrinking = NumbersScreen()
        try shrinking.replaceNumbers(with: [[1, 5], [0, 2, 4, 6]])
        #expect(shrinking.table.contents == "Odd Numbers: 1, 5\nEven Numbers: 0, 2, 4, 6",
                "with only numbers to delete, the table shows \(shrinking.table.contents.debugDescription)")
        #expect(shrinking.table.updates.count == 1,
                "with only numbers to delete (3 and 7), the table was updated \(shrinking.table.updates.count) times; expected one batch")
        let deletion = try #require(shrinking.table.updates.last)
        #expect(deletion.deletedRows == paths((0, 1), (0, 3)) && deletion.insertedRows.isEmpty,
                "the batch deleted \(deletion.deletedRows) and inserted \(deletion.insertedRows); expected rows 1 and 3 of section 0 deleted, nothing inserted")

        let growing = NumbersScreen()
        try growing.replaceNumbers(with: [[1, 3, 5, 7], [0, 2, 4, 6, 8]])
        #expect(growing.table.contents == "Odd Numbers: 1, 3, 5, 7\nEven Numbers: 0, 2, 4, 6, 8",
                "with only a number to insert, the table shows \(growing.table.contents.debugDescription)")
        #expect(growing.table.updates.count == 1,
                "with only a number to insert (8), the table was updated \(growing.table.updates.count) times; expected one batch")
        let insertion = try #require(growing.table.updates.last)
        #expect(insertion.deletedRows.isEmpty && insertion.insertedRows == paths((1, 4)),
                "the batch deleted \(insertion.deletedRows) and inserted \(insertion.insertedRows); expected row 4 of section 1 inserted, nothing deleted")
    }

    @Test("keeps the data source and the table in step")
    func dataSourceToo() throws {
        let screen = NumbersScreen()
        try screen.replaceNumbers(with: [[3], [0, 8]])
        #expect(screen.dataSource.sections.map(\.numbers) == [[3], [0, 8]],
                "the data source holds \(screen.dataSource.sections.map(\.numbers))")
        #expect(screen.table.sections.map(\.rows) == [["3"], ["0", "8"]], "the table shows \(screen.table.sections.map(\.rows))")
    }
}
