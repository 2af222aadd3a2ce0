/// How a table view animates rows it deletes or inserts: `UITableView.RowAnimation`,
/// with UIKit's cases and raw values. The stage records the choice (`TableView.animations`)
/// and draws nothing; UIKit plays it.
public enum RowAnimation: Int, Sendable, CaseIterable {
    case fade, right, left, top, bottom, none, middle
    /// UIKit picks a suitable animation for the change.
    case automatic = 100
}
