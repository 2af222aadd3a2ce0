import Foundation
import WorkbookToolchain

/// Which of the chapter module's files an exercise's tests can reach, read from the
/// symbol tables: the module objects that define a symbol the exercise's test object
/// needs, then the objects those need, and so on.
///
/// While the module's interface stands (it is part of every key this feeds), an edit
/// can only change what the edited file's own code does, and tests that reach no symbol
/// of that file's object cannot run any of it: their earlier result still holds.
/// Anything unreadable gives nil, and then every exercise is run again.
struct TestReach {
    private let moduleSymbols: [ELFObject.Symbols]

    init?(moduleObjects: [URL]) {
        var symbols: [ELFObject.Symbols] = []
        for object in moduleObjects {
            guard let read = TestReach.symbols(of: object) else { return nil }
            symbols.append(read)
        }
        moduleSymbols = symbols
    }

    /// The indices of the module objects reachable from `testObject`, in order.
    func reachable(from testObject: URL) -> [Int]? {
        guard let start = TestReach.symbols(of: testObject) else { return nil }
        var reached: Set<Int> = []
        var needed = start.undefined
        while !needed.isEmpty {
            var next: Set<String> = []
            for (index, symbols) in moduleSymbols.enumerated()
            where !reached.contains(index) && !symbols.defined.isDisjoint(with: needed) {
                reached.insert(index)
                next.formUnion(symbols.undefined)
            }
            needed = next
        }
        return reached.sorted()
    }

    static func symbols(of object: URL) -> ELFObject.Symbols? {
        guard let data = try? Data(contentsOf: object, options: .mappedIfSafe) else { return nil }
        return data.withUnsafeBytes { bytes in ELFObject(bytes[...])?.symbols() }
    }
}
