import Foundation
import Testing
import Chapter02Enumeration

// Hidden tests of exercise 2.2: run by the teacher's `workbook grade`, left out of a student release.
extension Ex2_IndexesWhereTests {
    struct NotAPrice: Error, Equatable {}

    /// Catches a predicate called with `try?` (`where (try? predicate(x)) == true`): it
    /// compiles under `rethrows`, and the visible tests never throw, but it drops the
    /// error and answers as if the element failed; `indices(where:)` passes it on.
    @Test("an error thrown by the predicate reaches the caller")
    func predicateErrorPropagates() {
        #expect(throws: NotAPrice(), "the predicate threw NotAPrice for -1, but indexes(where:) did not pass it on, as indices(where:) does") {
            try [3, -1, 4].indexes { price in
                if price < 0 { throw NotAPrice() }
                return price > 3
            }
        }
    }
}
