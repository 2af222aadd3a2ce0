// Exercise 2.7: Delete every number greater than a limit
//
// The seed's "Delete Numbers > 2" button walked every section and every row,
// collected the index paths (and the numbers) to delete, removed those numbers
// from the data source, and then deleted the rows from the table in one call.
// Write `NumbersScreen.deleteNumbers(greaterThan:)`:
//
// 1. enumerate the sections and their rows, collecting the index path of every
//    number greater than `limit`, in section order and row order;
// 2. if there are none, change nothing (no table call, the bar button stays) and
//    return `[]`;
// 3. remove exactly those numbers from `dataSource.sections` — careful: removing
//    row 1 moves row 2 to index 1;
// 4. call `table.deleteRows(at:with:)` once with all the collected index paths;
// 5. remove the bar button, and return the index paths you deleted.
//
// Sections stay, even when they end up empty.

import Foundation
import Stage

extension NumbersScreen {
    /// Deletes every number greater than `limit` from the data source and then
    /// from the table. Returns the deleted rows' index paths (before the update),
    /// in section and row order.
    @discardableResult
    public func deleteNumbers(greaterThan limit: Int) throws(TableViewUpdateError) -> [IndexPath] {
        // BEGIN SOLUTION
        // Step 1: collect. Index paths describe the table *before* the update,
        // so gather them all before touching the data source.
        var doomed: [IndexPath] = []
        for (section, numbers) in dataSource.sections.map(\.numbers).enumerated() {
            for (row, number) in numbers.enumerated() where number > limit {
                doomed.append(IndexPath(row: row, section: section))
            }
        }
        guard !doomed.isEmpty else { return [] }

        // Step 2: the data source. `removeAll(where:)` removes every match in one
        // pass, so no index shifts under our feet (deleting by index would have to
        // go from the last row to the first).
        for section in dataSource.sections.indices {
            dataSource.sections[section].numbers.removeAll { $0 > limit }
        }

        // Step 3: the table, told exactly which rows went.
        try table.deleteRows(at: doomed, with: .automatic)
        barButton = nil
        return doomed
        // STARTER:
        // []  // collect the index paths, update the data source, then the table
        // END SOLUTION
    }
}
