// Exercise 2.6: Delete the "Odd Numbers" section
//
// The seed's "Delete Odd Numbers" button found the section titled "Odd Numbers",
// removed it from the data source, then deleted that section from the table, and
// finally removed itself from the navigation bar. Write
// `NumbersScreen.deleteOddNumbersSection()` to do the same, in that order:
//
// 1. find the first section titled "Odd Numbers" *wherever it is*; if there is none,
//    change nothing and return `false`;
// 2. remove it from `dataSource.sections`;
// 3. tell `table` exactly which section went (`deleteSections`), which validates
//    the update and throws if the data source disagrees;
// 4. remove the bar button (`barButton = nil`) and return `true`.

import Foundation
import Stage

extension NumbersScreen {
    /// The title of the section the button deletes.
    public static let oddNumbersTitle = "Odd Numbers"

    /// Deletes the first "Odd Numbers" section from the data source, then from the table,
    /// then removes the bar button. Returns whether there was a section to delete.
    @discardableResult
    public func deleteOddNumbersSection() throws(TableViewUpdateError) -> Bool {
        // BEGIN SOLUTION
        // Look the section up by title: its index depends on the data, not on us.
        guard let index = dataSource.sections.firstIndex(where: { $0.title == Self.oddNumbersTitle }) else {
            return false  // the seed logged "Could not find the section" and returned
        }
        // Data source first, table second: the table checks the new count against
        // the old one when we tell it.
        dataSource.sections.remove(at: index)
        try table.deleteSections(IndexSet(integer: index), with: .automatic)
        barButton = nil  // nothing left for it to do
        return true
        // STARTER:
        // false  // find the section, update the data source, then the table
        // END SOLUTION
    }
}
