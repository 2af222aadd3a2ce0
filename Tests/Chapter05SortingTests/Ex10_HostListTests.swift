import Chapter05Sorting
import Foundation
import Testing

@Suite("Exercise 5.10: The host's list, as the guests read it")
struct Ex10_HostListTests {
    let english = Locale(identifier: "en_US"), swedish = Locale(identifier: "sv_SE")

    func names(_ guests: [Guest]) -> [String] { guests.map(\.description) }

    @Test("sorts by last name, then by first name")
    func twoKeys() {
        let list = hostList([Guest("Maja", "Berg", table: 1), Guest("Anna", "Dahl", table: 2), Guest("Erik", "Berg", table: 3)], locale: english)
        #expect(names(list) == ["Erik Berg", "Maja Berg", "Anna Dahl"], "the list reads \(names(list))")
    }

    @Test("puts the guests still waiting for a table after the seated ones")
    func waitingLast() {
        let list = hostList([Guest("Anna", "Adams"), Guest("Zoe", "Young", table: 4), Guest("Bo", "Berg")], locale: english)
        #expect(names(list) == ["Zoe Young", "Anna Adams", "Bo Berg"], "the list reads \(names(list))")
    }

    @Test("ignores case and reads numbers as numbers")
    func caseAndDigits() {
        let list = hostList([Guest("Jan", "de Vries", table: 1), Guest("Guest", "10", table: 2), Guest("Ola", "Dahl", table: 3), Guest("Guest", "2", table: 4)], locale: english)
        #expect(names(list) == ["Guest 2", "Guest 10", "Ola Dahl", "Jan de Vries"], "the list reads \(names(list))")
    }

    @Test("follows the locale's alphabet: Å after Z in Swedish, with A in English")
    func locales() {
        let guests = [Guest("Lena", "Åberg", table: 1), Guest("Tom", "Zander", table: 2), Guest("Kim", "Andersson", table: 3)]
        #expect(names(hostList(guests, locale: swedish)) == ["Kim Andersson", "Tom Zander", "Lena Åberg"],
                "in Swedish the list reads \(names(hostList(guests, locale: swedish)))")
        #expect(names(hostList(guests, locale: english)) == ["Lena Åberg", "Kim Andersson", "Tom Zander"],
                "in English the list reads \(names(hostList(guests, locale: english)))")
    }

    @Test("keeps guests the keys cannot tell apart in their order, and an empty list empty (edge cases)")
    func ties() {
        let first = Guest("anna", "berg", table: 7), second = Guest("Anna", "Berg", table: 2)
        #expect(hostList([first, second], locale: english).map(\.table) == [7, 2], "two guests who differ only in case swapped places")
        #expect(hostList([second, first], locale: english).map(\.table) == [2, 7], "two guests who differ only in case swapped places")
        #expect(hostList([], locale: english).isEmpty)
    }
}
