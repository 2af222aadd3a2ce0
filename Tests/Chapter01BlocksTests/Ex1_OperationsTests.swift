import Testing
import Chapter01Blocks

@Suite("Exercise 1.1: Closures from their types")
struct Ex1_OperationsTests {
    @Test("add sums its two numbers, so add(2, 2) is 4", arguments: [
        (2, 2, 4), (0, 0, 0), (-3, 5, 2), (1_000, 234, 1_234),
    ])
    func addSums(a: Int, b: Int, sum: Int) {
        #expect(Arithmetic.add(a, b) == sum,
                "add(\(a), \(b)) returned \(Arithmetic.add(a, b)); expected \(sum)")
    }

    @Test("subtract takes the second number from the first, not the other way round")
    func subtractOrder() {
        #expect(Arithmetic.subtract(10, 3) == 7,
                Comment(rawValue: "subtract(10, 3) returned \(Arithmetic.subtract(10, 3)); expected 7"
                    + (Arithmetic.subtract(10, 3) == -7 ? ": that is 3 − 10, the numbers taken the other way round" : "")))
        #expect(Arithmetic.subtract(3, 10) == -7,
                "subtract(3, 10) returned \(Arithmetic.subtract(3, 10)); expected -7")
    }

    @Test("largest picks the larger number, negative numbers and ties included", arguments: [
        (4, 9, 9), (9, 4, 9), (-4, -9, -4), (7, 7, 7),
    ])
    func largestPicksLarger(a: Int, b: Int, expected: Int) {
        #expect(Arithmetic.largest(a, b) == expected,
                "largest(\(a), \(b)) returned \(Arithmetic.largest(a, b)); expected \(expected)")
    }

    @Test("the table files each closure under its symbol")
    func tableHoldsTheClosures() throws {
        #expect(Set(Arithmetic.table.keys) == ["+", "-", "max"],
                "the table's symbols are \(Arithmetic.table.keys.sorted()); expected +, - and max")
        let minus = try #require(Arithmetic.table["-"], "the table has no \"-\" entry")
        #expect(minus(8, 5) == 3, Comment(rawValue: "table[\"-\"](8, 5) returned \(minus(8, 5)); expected 3"
                    + (minus(8, 5) == 13 ? ": that is 8 + 5, so \"-\" holds the adding closure" : minus(8, 5) == 8 ? ": that is max(8, 5), so \"-\" holds the max closure" : "")))
        let plus = try #require(Arithmetic.table["+"], "the table has no \"+\" entry")
        #expect(plus(8, 5) == 13, "table[\"+\"](8, 5) returned \(plus(8, 5)); expected 13")
    }

    @Test("apply looks the symbol up and calls the closure with the numbers in order", arguments: [
        ("+", 2, 2, 4), ("-", 2, 5, -3), ("max", 2, 5, 5),
    ])
    func applyCalls(symbol: String, a: Int, b: Int, expected: Int) {
        do {
            let result = try Arithmetic.apply(symbol, a, b)
            #expect(result == expected,
                    "apply(\"\(symbol)\", \(a), \(b)) returned \(result); expected \(expected)")
        } catch {
            Issue.record("apply(\"\(symbol)\", \(a), \(b)) threw \(error); expected \(expected): \"\(symbol)\" is in the table")
        }
    }

    @Test("apply throws UnknownSymbol, naming the symbol, for a symbol the table does not know", arguments: [
        "×", "", "+ ", "MAX",
    ])
    func applyUnknownSymbol(symbol: String) {
        do {
            let result = try Arithmetic.apply(symbol, 6, 7)
            Issue.record("apply(\"\(symbol)\", 6, 7) returned \(result); expected it to throw UnknownSymbol(symbol: \"\(symbol)\"): the table has no \"\(symbol)\"")
        } catch {
            #expect(error == UnknownSymbol(symbol: symbol),
                    "apply(\"\(symbol)\", 6, 7) threw UnknownSymbol(symbol: \"\(error.symbol)\"); expected the symbol that was asked for, \"\(symbol)\"")
        }
    }
}
