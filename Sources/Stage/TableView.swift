import Foundation

/// What a `TableView` asks its data source, as `UITableViewDataSource` does.
///
/// The table keeps only a weak reference to its data source (UIKit does the same),
/// so whoever builds the screen must keep the data source alive. `@MainActor`, as
/// `UITableViewDataSource` is: the table asks it from the main actor only.
@MainActor
public protocol TableViewDataSource: AnyObject {
    /// How many sections there are. Defaults to 1.
    func numberOfSections(in tableView: TableView) -> Int
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int
    /// The text of the cell at `indexPath` (the stage's stand-in for a cell).
    func tableView(_ tableView: TableView, textForRowAt indexPath: IndexPath) -> String
    /// The header of `section`. Defaults to no header.
    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String?
}

extension TableViewDataSource {
    public func numberOfSections(in tableView: TableView) -> Int { 1 }
    public func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { nil }
}

/// Why a table view refused a batch update. UIKit raises an
/// `NSInternalInconsistencyException` and the app dies; the stage throws this
/// instead, with the same explanation, so tests and snippets can look at it.
public enum TableViewUpdateError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Action: String, Sendable {
        case delete, insert
    }

    /// A section index that does not exist: before the update for a deletion,
    /// after it for an insertion.
    case sectionOutOfRange(action: Action, section: Int, sectionCount: Int)
    /// A row index that does not exist in its section: before the update for a
    /// deletion, after it for an insertion. A missing section has 0 rows.
    case rowOutOfRange(action: Action, indexPath: IndexPath, rowCount: Int)
    /// The data source's number of sections disagrees with the update.
    case invalidNumberOfSections(before: Int, after: Int, inserted: Int, deleted: Int)
    /// The data source's number of rows in `section` (its index after the update)
    /// disagrees with the update.
    case invalidNumberOfRows(section: Int, before: Int, after: Int, inserted: Int, deleted: Int)

    /// The message, worded after UIKit's.
    public var description: String {
        switch self {
        case let .sectionOutOfRange(.delete, section, count):
            return "Invalid update: attempt to delete section \(section), "
                + "but there are only \(count) sections before the update"
        case let .sectionOutOfRange(.insert, section, count):
            return "Invalid update: attempt to insert section \(section), "
                + "but there are only \(count) sections after the update"
        case let .rowOutOfRange(.delete, path, count):
            return "Invalid update: attempt to delete row \(path.row) from section \(path.section) "
                + "which only contains \(count) rows before the update"
        case let .rowOutOfRange(.insert, path, count):
            return "Invalid update: attempt to insert row \(path.row) into section \(path.section), "
                + "but there are only \(count) rows in section \(path.section) after the update"
        case let .invalidNumberOfSections(before, after, inserted, deleted):
            return "Invalid update: invalid number of sections. The number of sections contained "
                + "in the table view after the update (\(after)) must be equal to the number of "
                + "sections contained in the table view before the update (\(before)), plus or minus "
                + "the number of sections inserted or deleted (\(inserted) inserted, \(deleted) deleted)."
        case let .invalidNumberOfRows(section, before, after, inserted, deleted):
            return "Invalid update: invalid number of rows in section \(section). The number of rows "
                + "contained in an existing section after the update (\(after)) must be equal to the "
                + "number of rows contained in that section before the update (\(before)), plus or "
                + "minus the number of rows inserted or deleted from that section (\(inserted) inserted, "
                + "\(deleted) deleted) and plus or minus the number of rows moved into or out of that "
                + "section (0 moved in, 0 moved out)."
        }
    }
}

/// A headless `UITableView`: sections of rows fed by a data source, and batch
/// updates validated the way UIKit validates them.
///
/// The rule every table view enforces: **change the data source first, then tell
/// the table exactly what changed.** After an update, every surviving section must
/// have as many rows as before, minus the rows deleted from it, plus the rows
/// inserted into it (and the same for the number of sections). When the data source
/// disagrees, the update throws a `TableViewUpdateError` and the table keeps
/// showing what it showed before.
public final class TableView: View {
    // Every stored property is guarded by the view's lock.

    /// One section as the table shows it.
    public struct Section: Equatable, Sendable {
        public var title: String?
        public var rows: [String]

        public init(title: String?, rows: [String]) {
            self.title = title
            self.rows = rows
        }
    }

    /// One update the table accepted, with what it showed before and after.
    public struct Update: Equatable, Sendable {
        public var deletedSections = IndexSet()
        public var insertedSections = IndexSet()
        /// Index paths before the update, sorted, without duplicates.
        public var deletedRows: [IndexPath] = []
        /// Index paths after the update, sorted, without duplicates.
        public var insertedRows: [IndexPath] = []
        public var before: [Section] = []
        public var after: [Section] = []

        public init() {}

        public var isEmpty: Bool {
            deletedSections.isEmpty && insertedSections.isEmpty && deletedRows.isEmpty && insertedRows.isEmpty
        }

        mutating func merge(_ other: Update) {
            deletedSections.formUnion(other.deletedSections)
            insertedSections.formUnion(other.insertedSections)
            deletedRows = Array(Set(deletedRows + other.deletedRows)).sorted()
            insertedRows = Array(Set(insertedRows + other.insertedRows)).sorted()
        }
    }

    private weak var _dataSource: (any TableViewDataSource)?
    private var _sections: [Section] = []
    private var _updates: [Update] = []
    private var _animations: [RowAnimation] = []
    private var _pending: Update?

    public override init(frame: CGRect = .zero, name: String = "table") {
        super.init(frame: frame, name: name)
    }

    /// Setting the data source loads the table from it at once (UIKit waits for the
    /// first layout; loading eagerly keeps the stage deterministic).
    public var dataSource: (any TableViewDataSource)? {
        get { withLock { _dataSource } }
        set {
            withLock {
                _dataSource = newValue
                _sections = load()
            }
        }
    }

    /// Forgets what the table showed and asks the data source again. Always
    /// consistent, never animated, and it tells nobody what changed.
    public func reloadData() {
        withLock { _sections = load() }
    }

    /// The sections the table shows now.
    public var sections: [Section] { withLock { _sections } }

    public var numberOfSections: Int { sections.count }

    public func numberOfRows(inSection section: Int) -> Int { sections[section].rows.count }

    /// Every update the table accepted, oldest first.
    public var updates: [Update] { withLock { _updates } }

    /// The animation of every delete and insert call, in call order. The stage draws
    /// none of them; UIKit would slide or fade the rows as asked.
    public var animations: [RowAnimation] { withLock { _animations } }

    // MARK: Updates

    /// Deletes `sections` (indices before the update) from the table. Remove them
    /// from the data source first.
    public func deleteSections(_ sections: IndexSet, with animation: RowAnimation) throws(TableViewUpdateError) {
        withLock { _animations.append(animation) }
        var update = Update()
        update.deletedSections = sections
        try submit(update)
    }

    /// Inserts `sections` (indices after the update). Add them to the data source first.
    public func insertSections(_ sections: IndexSet, with animation: RowAnimation) throws(TableViewUpdateError) {
        withLock { _animations.append(animation) }
        var update = Update()
        update.insertedSections = sections
        try submit(update)
    }

    /// Deletes the rows at `indexPaths` (index paths before the update). Remove
    /// them from the data source first.
    public func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) throws(TableViewUpdateError) {
        withLock { _animations.append(animation) }
        var update = Update()
        update.deletedRows = Array(Set(indexPaths)).sorted()
        try submit(update)
    }

    /// Inserts rows at `indexPaths` (index paths after the update). Add them to the
    /// data source first.
    public func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) throws(TableViewUpdateError) {
        withLock { _animations.append(animation) }
        var update = Update()
        update.insertedRows = Array(Set(indexPaths)).sorted()
        try submit(update)
    }

    /// Runs `updates`, collecting its deletions and insertions into one update that
    /// is validated once, at the end, as `UITableView.performBatchUpdates` does.
    /// Deletions use index paths before the batch; insertions, index paths after it.
    /// Inside the batch the update calls only record; they never throw. The batch
    /// throws a `TableViewUpdateError` when it fails validation, or whatever
    /// `updates` threw (then nothing is applied).
    public func performBatchUpdates(_ updates: () throws -> Void) throws {
        let outer = withLock { () -> Bool in
            if _pending != nil { return false }
            _pending = Update()
            return true
        }
        do {
            try updates()
        } catch {
            if outer { withLock { _pending = nil } }
            throw error
        }
        guard outer else { return }  // a nested batch joins the outer one
        let batch = withLock { () -> Update in
            let batch = _pending ?? Update()
            _pending = nil
            return batch
        }
        try apply(batch)
    }

    private func submit(_ update: Update) throws(TableViewUpdateError) {
        let queued = withLock { () -> Bool in
            guard _pending != nil else { return false }
            _pending?.merge(update)
            return true
        }
        if !queued { try apply(update) }
    }

    private func apply(_ proposed: Update) throws(TableViewUpdateError) {
        let outcome = withLock { () -> Result<Void, TableViewUpdateError> in
            let before = _sections
            do throws(TableViewUpdateError) {
                try validate(proposed, before: before)
            } catch {
                return .failure(error)  // the table keeps showing `before`
            }
            var accepted = proposed
            accepted.before = before
            accepted.after = load()
            _sections = accepted.after
            _updates.append(accepted)
            return .success(())
        }
        try outcome.get()
    }

    /// UIKit's rules: indices in range, then the counts add up.
    private func validate(_ update: Update, before: [Section]) throws(TableViewUpdateError) {
        for section in update.deletedSections where section >= before.count {
            throw .sectionOutOfRange(action: .delete, section: section, sectionCount: before.count)
        }
        for path in update.deletedRows {
            let rowCount = before.indices.contains(path.section) ? before[path.section].rows.count : 0
            guard path.row >= 0, path.row < rowCount else {
                throw .rowOutOfRange(action: .delete, indexPath: path, rowCount: rowCount)
            }
        }

        let source = _dataSource
        let sectionsAfter = source?.numberOfSections(in: self) ?? 0
        let expectedSections = before.count - update.deletedSections.count + update.insertedSections.count
        guard sectionsAfter == expectedSections else {
            throw .invalidNumberOfSections(
                before: before.count, after: sectionsAfter,
                inserted: update.insertedSections.count, deleted: update.deletedSections.count)
        }
        for section in update.insertedSections where section >= sectionsAfter {
            throw .sectionOutOfRange(action: .insert, section: section, sectionCount: sectionsAfter)
        }

        var rowsAfter: [Int] = []
        for section in 0..<sectionsAfter {
            rowsAfter.append(source?.tableView(self, numberOfRowsInSection: section) ?? 0)
        }
        for path in update.insertedRows {
            let rowCount = rowsAfter.indices.contains(path.section) ? rowsAfter[path.section] : 0
            guard path.row >= 0, path.row < rowCount else {
                throw .rowOutOfRange(action: .insert, indexPath: path, rowCount: rowCount)
            }
        }

        // Sections that survive keep their order: pair old indices with new ones.
        let survivors = before.indices.filter { !update.deletedSections.contains($0) }
        let newIndices = (0..<sectionsAfter).filter { !update.insertedSections.contains($0) }
        for (old, new) in zip(survivors, newIndices) {
            let deleted = update.deletedRows.count { $0.section == old }
            let inserted = update.insertedRows.count { $0.section == new }
            let expected = before[old].rows.count - deleted + inserted
            guard rowsAfter[new] == expected else {
                throw .invalidNumberOfRows(
                    section: new, before: before[old].rows.count, after: rowsAfter[new],
                    inserted: inserted, deleted: deleted)
            }
        }
    }

    /// Asks the data source for everything it would show.
    private func load() -> [Section] {
        guard let source = _dataSource else { return [] }
        return (0..<source.numberOfSections(in: self)).map { section in
            let rows = (0..<source.tableView(self, numberOfRowsInSection: section)).map { row in
                source.tableView(self, textForRowAt: IndexPath(row: row, section: section))
            }
            return Section(title: source.tableView(self, titleForHeaderInSection: section), rows: rows)
        }
    }

    // MARK: Printing

    /// The table as text, one line a section: `Odd Numbers: 1, 3, 5, 7`.
    public var contents: String {
        let sections = self.sections
        guard !sections.isEmpty else { return "(no sections)" }
        return sections.enumerated().map { index, section in
            let title = section.title ?? "Section \(index)"
            return "\(title): " + (section.rows.isEmpty ? "(no rows)" : section.rows.joined(separator: ", "))
        }.joined(separator: "\n")
    }

    public override var summary: String {
        super.summary + " rows=\(sections.map { $0.rows.count })"
    }

    /// A before/after picture of the last accepted update: deleted rows struck out
    /// in red on the left, inserted rows in green on the right. With no update yet,
    /// both sides show the table as it is.
    public func beforeAfterFigure(title: String) -> SVG {
        let update = updates.last ?? {
            var same = Update()
            same.before = sections
            same.after = sections
            return same
        }()
        let rowHeight = 22.0, headerHeight = 20.0, gap = 8.0, top = 40.0
        let panelWidth = 160.0, left = 20.0, right = 240.0

        func height(of sections: [Section]) -> Double {
            sections.reduce(0) { $0 + headerHeight + Double($1.rows.count) * rowHeight + gap }
        }
        let figureHeight = top + max(height(of: update.before), height(of: update.after), rowHeight) + 20
        var svg = SVG(width: right + panelWidth + 20, height: figureHeight, title: title)
        svg.text("Before", x: left + panelWidth / 2, y: 20, anchor: "middle", style: "font-weight:bold")
        svg.text("After", x: right + panelWidth / 2, y: 20, anchor: "middle", style: "font-weight:bold")
        let arrowY = top + 30
        svg.polyline([(x: left + panelWidth + 12, y: arrowY), (x: right - 12, y: arrowY)],
                     style: "fill:none;stroke:#555;stroke-width:2", arrow: true)

        func draw(_ sections: [Section], x: Double, marked: (IndexPath) -> Bool,
                  sectionMarked: (Int) -> Bool, markStyle: String, headerMarkStyle: String, strike: Bool) {
            var y = top
            for (s, section) in sections.enumerated() {
                let wholeSection = sectionMarked(s)
                svg.text(section.title ?? "Section \(s)", x: x, y: y + 14,
                         style: wholeSection ? headerMarkStyle : "fill:#555")
                y += headerHeight
                for (r, row) in section.rows.enumerated() {
                    let isMarked = wholeSection || marked(IndexPath(row: r, section: s))
                    svg.rect(x: x, y: y, width: panelWidth, height: rowHeight,
                             style: isMarked ? markStyle : "fill:#fff;stroke:#999")
                    svg.text(row, x: x + 10, y: y + 15)
                    if isMarked && strike {
                        svg.line(x1: x + 6, y1: y + 11, x2: x + panelWidth - 6, y2: y + 11,
                                 style: "stroke:#b00;stroke-width:1.5")
                    }
                    y += rowHeight
                }
                y += gap
            }
            if sections.isEmpty {
                svg.text("(no sections)", x: x, y: y + 14, style: "fill:#555")
            }
        }
        let deletedRows = Set(update.deletedRows), insertedRows = Set(update.insertedRows)
        draw(update.before, x: left, marked: { deletedRows.contains($0) },
             sectionMarked: { update.deletedSections.contains($0) },
             markStyle: "fill:#fdd;stroke:#b00", headerMarkStyle: "fill:#b00;text-decoration:line-through",
             strike: true)
        draw(update.after, x: right, marked: { insertedRows.contains($0) },
             sectionMarked: { update.insertedSections.contains($0) },
             markStyle: "fill:#dfd;stroke:#070", headerMarkStyle: "fill:#070;font-weight:bold",
             strike: false)
        return svg
    }
}
