// Exercise 2.11 (the chapter's challenge): Replace the numbers in one batch.

import Foundation
import Stage

extension NumbersScreen {
    /// Makes section `s` show `numbers[s]`, for every section (one array per section;
    /// each array ascending and without duplicates, as the table's sections are), with
    /// at most ONE update of the table: a single `performBatchUpdates` that deletes the
    /// rows whose number is gone and inserts the rows whose number is new. A number that
    /// stays in its section is neither deleted nor inserted. When nothing changes, the
    /// table is not touched at all.
    public func replaceNumbers(with numbers: [[Int]]) throws {
        // BEGIN SOLUTION
        // Both lists are ascending, so the numbers a section keeps keep their order:
        // the update is exactly "these rows went, these rows came". Deletions are
        // index paths before the update, insertions index paths after it.
        var deleted: [IndexPath] = [], inserted: [IndexPath] = []
        for (section, old) in dataSource.sections.map(\.numbers).enumerated() {
            let new = numbers[section]
            let staying = Set(old).intersection(new)
            for (row, number) in old.enumerated() where !staying.contains(number) {
                deleted.append(IndexPath(row: row, section: section))
            }
            for (row, number) in new.enumerated() where !staying.contains(number) {
                inserted.append(IndexPath(row: row, section: section))
            }
        }
        guard !deleted.isEmpty || !inserted.isEmpty else { return }
        try table.performBatchUpdates {
            for section in dataSource.sections.indices {
                dataSource.sections[section].numbers = numbers[section]
            }
            try table.deleteRows(at: deleted, with: .automatic)
            try table.insertRows(at: inserted, with: .automatic)
        }
        // STARTER:
        // for section in dataSource.sections.indices {
        //     dataSource.sections[section].numbers = numbers[section]
        // }
        // table.reloadData()  // right numbers, but the table is never told what changed
        // END SOLUTION
    }
}
