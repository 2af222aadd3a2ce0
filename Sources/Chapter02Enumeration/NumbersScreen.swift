// Support code for exercises 2.6 and 2.7 (no solution markers): the seed's
// "numbers" screen — a table with an "Odd Numbers" and an "Even Numbers" section,
// its data source, and the bar button that deletes things.
import Foundation
import Stage

/// The data source of the numbers table.
///
/// The seed kept its sections in an `NSMutableDictionary` and asked
/// `allKeys[section]` for a section's title — but a dictionary has no order, so the
/// sections could come out in any order. Here the sections are an array: the
/// array's order *is* the table's order.
public final class NumbersDataSource: TableViewDataSource {
    /// One section: a title and its numbers, in row order.
    public struct Section: Equatable, Sendable {
        public var title: String
        public var numbers: [Int]

        public init(title: String, numbers: [Int]) {
            self.title = title
            self.numbers = numbers
        }
    }

    /// The sections, in the order the table shows them.
    public var sections: [Section]

    public init(sections: [Section]) {
        self.sections = sections
    }

    /// The seed's two sections: odd numbers 1, 3, 5, 7, then even numbers 0, 2, 4, 6.
    public static func oddAndEven() -> NumbersDataSource {
        NumbersDataSource(sections: [
            Section(title: "Odd Numbers", numbers: [1, 3, 5, 7]),
            Section(title: "Even Numbers", numbers: [0, 2, 4, 6]),
        ])
    }

    public func numberOfSections(in tableView: TableView) -> Int { sections.count }

    public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        sections[section].numbers.count
    }

    public func tableView(_ tableView: TableView, textForRowAt indexPath: IndexPath) -> String {
        String(sections[indexPath.section].numbers[indexPath.row])
    }

    public func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
        sections[section].title
    }
}

/// The seed's view controller, headless: a table, its data source, and a bar button.
@MainActor  // a view controller, as UIKit's are
public final class NumbersScreen {
    /// The screen owns its data source; the table holds it only weakly.
    public let dataSource: NumbersDataSource
    public let table: TableView
    /// The navigation bar's right button; `nil` once it has been removed.
    public var barButton: Button?

    public init(dataSource: NumbersDataSource = .oddAndEven(), barButtonTitle: String = "Delete") {
        self.dataSource = dataSource
        self.table = TableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), name: "numbers")
        self.barButton = Button(title: barButtonTitle)
        table.dataSource = dataSource
    }
}
