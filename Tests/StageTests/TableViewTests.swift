import Foundation
import Testing
import Stage

/// A data source whose sections tests change by hand.
private final class Source: TableViewDataSource {
    var sections: [(title: String, rows: [String])]

    init(_ sections: [(title: String, rows: [String])]) { self.sections = sections }

    func numberOfSections(in tableView: TableView) -> Int { sections.count }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { sections[section].rows.count }
    func tableView(_ tableView: TableView, textForRowAt indexPath: IndexPath) -> String {
        sections[indexPath.section].rows[indexPath.row]
    }
    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { sections[section].title }
}

@MainActor
private func numbers() -> Source {
    Source([("Odd Numbers", ["1", "3", "5", "7"]), ("Even Numbers", ["0", "2", "4", "6"])])
}

@Suite("A headless table view")
@MainActor  // the stage's views belong to the main actor, as UIKit's do
struct TableViewTests {
    @Test("loads its sections from the data source as soon as it gets one")
    func loads() {
        let source = numbers()
        let table = TableView()
        table.dataSource = source
        #expect(table.numberOfSections == 2)
        #expect(table.numberOfRows(inSection: 1) == 4)
        #expect(table.contents == "Odd Numbers: 1, 3, 5, 7\nEven Numbers: 0, 2, 4, 6")
    }

    @Test("builds index paths the UIKit way: section first, then row")
    func indexPaths() {
        let path = IndexPath(row: 3, section: 1)
        #expect(path.section == 1 && path.row == 3)
        #expect(Array(path) == [1, 3])
        #expect(IndexPath(row: 9, section: 0) < IndexPath(row: 0, section: 1))
    }

    @Test("accepts a section deletion that the data source made first")
    func deleteSection() throws {
        let source = numbers()
        let table = TableView()
        table.dataSource = source
        source.sections.remove(at: 0)
        try table.deleteSections(IndexSet(integer: 0), with: .fade)
        #expect(table.contents == "Even Numbers: 0, 2, 4, 6")
        #expect(table.updates.count == 1)
        #expect(table.updates[0].before.count == 2 && table.updates[0].after.count == 1)
    }

    @Test("takes UIKit's row animation argument, with UIKit's cases, and records each call's choice")
    func rowAnimations() throws {
        let source = numbers()
        let table = TableView()
        table.dataSource = source
        source.sections[0].rows.removeFirst()
        try table.deleteRows(at: [IndexPath(row: 0, section: 0)], with: .left)
        source.sections.remove(at: 1)
        try table.deleteSections(IndexSet(integer: 1), with: .none)
        #expect(table.animations == [.left, .none])
        #expect(table.contents == "Odd Numbers: 3, 5, 7")
        #expect(RowAnimation.automatic.rawValue == 100 && RowAnimation.middle.rawValue == 6)
    }

    @Test("refuses a section deletion the data source did not make, in UIKit's words")
    func deleteSectionTooEarly() {
        let source = numbers()
        let table = TableView()
        table.dataSource = source
        let expected = TableViewUpdateError.invalidNumberOfSections(before: 2, after: 2, inserted: 0, deleted: 1)
        #expect(throws: expected) { try table.deleteSections(IndexSet(integer: 0), with: .fade) }
        #expect(expected.description == "Invalid update: invalid number of sections. The number of sections contained in the table view after the update (2) must be equal to the number of sections contained in the table view before the update (2), plus or minus the number of sections inserted or deleted (0 inserted, 1 deleted).")
        #expect(table.contents == "Odd Numbers: 1, 3, 5, 7\nEven Numbers: 0, 2, 4, 6", "a refused update changes nothing")
        #expect(table.updates.isEmpty)
    }

    @Test("refuses row deletions when the data source still has the rows")
    func deleteRowsTooEarly() throws {
        let source = numbers()
        let table = TableView()
        table.dataSource = source
        let paths = [IndexPath(row: 2, section: 0), IndexPath(row: 3, section: 0)]
        let error = #expect(throws: TableViewUpdateError.self) { try table.deleteRows(at: paths, with: .automatic) }
        #expect(error == .invalidNumberOfRows(section: 0, before: 4, after: 4, inserted: 0, deleted: 2))
        #expect(error?.description == "Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section after the update (4) must be equal to the number of rows contained in that section before the update (4), plus or minus the number of rows inserted or deleted from that section (0 inserted, 2 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out).")
        // Once the data source agrees, the same call is accepted.
        source.sections[0].rows.removeLast(2)
        try table.deleteRows(at: paths, with: .automatic)
        #expect(table.contents == "Odd Numbers: 1, 3\nEven Numbers: 0, 2, 4, 6")
    }

    @Test("refuses a data source that removed more rows than the table was told")
    func tooFewRowsAnnounced() {
        let source = numbers()
        let table = TableView()
        table.dataSource = source
        source.sections[1].rows = ["0", "2"]
        #expect(throws: TableViewUpdateError.invalidNumberOfRows(section: 1, before: 4, after: 2, inserted: 0, deleted: 1)) {
            try table.deleteRows(at: [IndexPath(row: 3, section: 1)], with: .automatic)
        }
    }

    @Test("refuses indices the table does not have", arguments: [
        (IndexPath(row: 4, section: 0), TableViewUpdateError.rowOutOfRange(action: .delete, indexPath: IndexPath(row: 4, section: 0), rowCount: 4)),
        (IndexPath(row: 0, section: 2), TableViewUpdateError.rowOutOfRange(action: .delete, indexPath: IndexPath(row: 0, section: 2), rowCount: 0)),
    ])
    func rowOutOfRange(path: IndexPath, expected: TableViewUpdateError) {
        let table = TableView()
        let source = numbers()
        table.dataSource = source
        #expect(throws: expected) { try table.deleteRows(at: [path], with: .automatic) }
    }

    @Test("refuses to delete a section that is not there")
    func sectionOutOfRange() {
        let source = numbers()
        let table = TableView()
        table.dataSource = source
        source.sections.removeAll()
        let expected = TableViewUpdateError.sectionOutOfRange(action: .delete, section: 5, sectionCount: 2)
        #expect(throws: expected) { try table.deleteSections(IndexSet([0, 5]), with: .fade) }
        #expect(expected.description == "Invalid update: attempt to delete section 5, but there are only 2 sections before the update")
    }

    @Test("accepts insertions, with index paths after the update")
    func insertRows() throws {
        let source = numbers()
        let table = TableView()
        table.dataSource = source
        source.sections[1].rows.insert("-2", at: 0)
        try table.insertRows(at: [IndexPath(row: 0, section: 1)], with: .automatic)
        #expect(table.contents == "Odd Numbers: 1, 3, 5, 7\nEven Numbers: -2, 0, 2, 4, 6")
        #expect(throws: TableViewUpdateError.rowOutOfRange(action: .insert, indexPath: IndexPath(row: 5, section: 1), rowCount: 5)) {
            try table.insertRows(at: [IndexPath(row: 5, section: 1)], with: .automatic)
        }
        source.sections.append(("Primes", ["2", "3"]))
        try table.insertSections(IndexSet(integer: 2), with: .fade)
        #expect(table.sections.map(\.title) == ["Odd Numbers", "Even Numbers", "Primes"])
    }

    @Test("validates a batch once, at the end")
    func batch() throws {
        let source = numbers()
        let table = TableView()
        table.dataSource = source
        source.sections.remove(at: 0)
        source.sections[0].rows.append("8")
        try table.performBatchUpdates {
            try table.deleteSections(IndexSet(integer: 0), with: .fade)
            try table.insertRows(at: [IndexPath(row: 4, section: 0)], with: .automatic)
        }
        #expect(table.updates.count == 1, "a batch is one update")
        #expect(table.contents == "Even Numbers: 0, 2, 4, 6, 8")
    }

    @Test("counts a row deleted twice once")
    func duplicates() throws {
        let source = numbers()
        let table = TableView()
        table.dataSource = source
        source.sections[0].rows.removeFirst()
        try table.deleteRows(at: [IndexPath(row: 0, section: 0), IndexPath(row: 0, section: 0)], with: .automatic)
        #expect(table.updates.last?.deletedRows == [IndexPath(row: 0, section: 0)])
    }

    @Test("draws the last update as a before/after figure")
    func figure() throws {
        let source = numbers()
        let table = TableView()
        table.dataSource = source
        source.sections[0].rows = ["1"]
        try table.deleteRows(at: [1, 2, 3].map { IndexPath(row: $0, section: 0) }, with: .automatic)
        let svg = table.beforeAfterFigure(title: "Delete 3, 5 and 7").description
        #expect(svg.hasPrefix("<svg ") && svg.hasSuffix("</svg>"))
        #expect(svg.contains("<title>Delete 3, 5 and 7</title>"))
        #expect(svg.contains(">Before</text>") && svg.contains(">After</text>"))
        // 8 rows before, 5 after; 3 of the 8 are struck out.
        #expect(svg.components(separatedBy: "<rect ").count - 1 == 13)
        #expect(svg.components(separatedBy: "fill:#fdd").count - 1 == 3)
        #expect(svg == table.beforeAfterFigure(title: "Delete 3, 5 and 7").description, "figures are deterministic")
    }
}
