import Synchronization
import Testing
import WorkbookSystem

@Suite("A bounded memo")
struct BoundedMemoTests {
    @Test("makes each key's value once, and starts again when it holds its bound")
    func remembersWithinItsBound() {
        let memo = BoundedMemo<Int, String>(limit: 3)
        let made = Mutex(0)
        func value(_ key: Int) -> String {
            memo.value(for: key) {
                made.withLock { $0 += 1 }
                return "value \(key)"
            }
        }
        #expect(value(1) == "value 1" && value(2) == "value 2" && value(3) == "value 3")
        #expect(value(1) == "value 1" && value(3) == "value 3")
        #expect(made.withLock { $0 } == 3)
        // A fourth key empties it: the earlier ones are made again.
        #expect(value(4) == "value 4")
        #expect(value(1) == "value 1")
        #expect(made.withLock { $0 } == 5)
    }
}
