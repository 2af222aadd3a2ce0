import Foundation

// UIKit adds `IndexPath(row:section:)`, `row` and `section` to Foundation's
// `IndexPath`; Foundation on Linux has the type but not these three. The stage
// adds them so that table code reads as it does on iOS.
#if !canImport(UIKit)
extension IndexPath {
    /// The path of `row` in `section`: `[section, row]`, as UIKit builds it.
    public init(row: Int, section: Int) {
        self.init(indexes: [section, row])
    }

    /// The section: the first index of the path.
    public var section: Int {
        get { self[0] }
        set { self[0] = newValue }
    }

    /// The row within the section: the second index of the path.
    public var row: Int {
        get { self[1] }
        set { self[1] = newValue }
    }
}
#endif
