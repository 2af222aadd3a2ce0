/// The planted-mistake suite's table (issue 54): mistakes learners make, of the kinds they
/// were seen making (a flipped or off-by-one comparison, a completion called early, twice
/// or never, work on the wrong queue, a missing stop, a check and its act under two locks,
/// a capture list missing, a wrong key, an emptied function, a helper's mistake found
/// through its caller), at least 10 per chapter. Issue 33's planted mistakes are among
/// them, with the causes their reports must and must not state.
enum PlantedMistakes {
    typealias M = PlantedMistake

    static let tapsByMutex = """
            let taps = Mutex(0)
            button.addAction { _ in taps.withLock { $0 += 1 } }
            return { taps.withLock { $0 } }
        """

    /// 2.4's walk, record by record, as the reference has it (from its struct to its decode).
    static let menuRecordByRecord = """
            struct CheckedMenu: Decodable {
                var items: [MenuItem] = []

                init(from decoder: any Decoder) throws {
                    var records = try decoder.unkeyedContainer()
                    while !records.isAtEnd {
                        let index = records.currentIndex
                        // swift-foundation's `JSONDecoder` reads "4.99" into a `Decimal` digit by digit.
                        let record = try records.decode(InventoryRecord.self)
                        // A name of spaces or tabs shows as an empty line on the menu board.
                        if record.name.allSatisfy(\\.isWhitespace) {
                            throw InventoryFormatError.malformedRecord(index: index, field: "Name")
                        }
                        if record.price < 0 {
                            throw InventoryFormatError.malformedRecord(index: index, field: "Price")
                        }
                        items.append(record.menuItem)
                    }
                }
            }

            do {
                return try JSONDecoder().decode(CheckedMenu.self, from: data).items
        """

    /// 2.4 as learners first write it: the whole array decoded, then checked.
    static let menuAfterDecodingAll = """
            do {
                let records = try JSONDecoder().decode([InventoryRecord].self, from: data)
                for (index, record) in records.enumerated() where record.name.allSatisfy(\\.isWhitespace) || record.price < 0 {
                    throw InventoryFormatError.malformedRecord(index: index, field: record.price < 0 ? "Price" : "Name")
                }
                return records.map(\\.menuItem)
        """

    static let byChapter: [Int: [PlantedMistake]] = [
        1: [
            M(exercise: "1.1", file: "Ex1_Operations.swift", replace: "{ $0 - $1 }", with: "{ $1 - $0 }", kind: "operands swapped",
              says: ["that is 3 − 10, the numbers taken the other way round"]),
            M(exercise: "1.1", file: "Ex1_Operations.swift", replace: "\"-\": subtract", with: "\"-\": add", kind: "wrong key",
              says: ["\"-\" holds the adding closure"]),
            M(exercise: "1.1", file: "Ex1_Operations.swift", replace: "{ max($0, $1) }", with: "{ min($0, $1) }", kind: "wrong extreme"),
            M(exercise: "1.1", file: "Ex1_Operations.swift", replace: "return a + b }", with: "return a - b }", kind: "wrong operator"),
            M(exercise: "1.2", file: "Ex2_Counter.swift",
              replace: "public func makeCounter() -> () -> Int {\n    // BEGIN SOLUTION\n    // `count` lives on after `makeCounter` returns because the closure\n    // captures the variable itself, not a copy of its value. Every call of\n    // `makeCounter` makes a fresh variable, so every counter has its own.\n    var count = 0\n",
              with: "nonisolated(unsafe) var count = 0  // one count for every counter\n\npublic func makeCounter() -> () -> Int {\n    // BEGIN SOLUTION\n",
              kind: "one count shared by every counter",
              // The shared count's values depend on the order the tests ran in: no cause phrase is certain.
              neverSays: ["refer to one closure"]),
            M(exercise: "1.2", file: "Ex2_Counter.swift", replace: "count += 1", with: "count -= 1", kind: "wrong operator"),
            M(exercise: "1.2", file: "Ex2_Counter.swift", replace: "    var count = 0\n", with: "    var count = 1\n", kind: "off by one"),
            M(exercise: "1.3", file: "Ex3_PriceWatch.swift",
              replace: "live: { price },\n        // The capture list copies the value when the inner closure is created, that is,\n        // each time takeSnapshot runs: every snapshot keeps the price of its own moment.\n        takeSnapshot: { { [price] in price } }",
              with: "live: { [price] in price },\n        takeSnapshot: { { price } }", kind: "capture list on the wrong closure"),
            M(exercise: "1.4", file: "Ex4_OrderTotal.swift", replace: "sum + itemTotal", with: "sum - itemTotal", kind: "wrong operator"),
            M(exercise: "1.4", file: "Ex4_OrderTotal.swift", replace: "price * Decimal(quantity)", with: "price + Decimal(quantity)",
              kind: "wrong operator"),
            M(exercise: "1.4", file: "Ex4_OrderTotal.swift", replace: "sum + itemTotal(entry.key.price, entry.value)", with: "sum + entry.key.price",
              kind: "a step left out", says: ["that is one milkshake's price, so the quantity (3) was not applied"]),
            M(exercise: "1.5", file: "Ex5_IconPicker.swift",
              replace: "[weak self] name in\n            guard let self else { return }  // the editor is gone: nothing to update",
              with: "[self] name in  // strong: the editor holds the picker, the picker this closure", kind: "capture list missing weak"),
            M(exercise: "1.5", file: "Ex5_IconPicker.swift",
              replace: "[weak self] name in\n            guard let self else { return }  // the editor is gone: nothing to update\n            iconName = name\n            iconLabel.text = name\n            presentedPicker = nil",
              with: "name in\n            self.iconName = name\n            self.iconLabel.text = name\n            self.presentedPicker = nil",
              kind: "no capture list: self held strongly"),
            M(exercise: "1.6", file: "Ex6_ActionButton.swift", replace: "actions.removeAll { $0.id == id }",
              with: "actions.removeAll { $0.id != id }", kind: "flipped comparison"),
            M(exercise: "1.6", file: "Ex6_ActionButton.swift", replace: "guard isEnabled else { return false }",
              with: "guard !isEnabled else { return false }", kind: "flipped condition"),
            M(exercise: "1.6", file: "Ex6_ActionButton.swift", replace: "        isEnabled = false\n", with: "        isEnabled = true\n",
              kind: "wrong flag"),
            M(exercise: "1.7", file: "Ex7_PredictCaptures.txt", replace: "this morning: soup", with: "this morning: stew",
              kind: "wrong prediction", neverSays: ["this morning: soup"]),
            M(exercise: "1.8", file: "Ex8_TapCounter.swift", replace: "    return { taps.withLock { $0 } }",
              with: "    let current = taps.withLock { $0 }\n    return { current }", kind: "value read once, not at each call",
              at: "    return { current }"),
            M(exercise: "1.8", file: "Ex8_TapCounter.swift", replace: tapsByMutex,
              with: "    nonisolated(unsafe) var taps = 0\n    button.addAction { _ in taps += 1 }\n    return { taps }", kind: "refused construct",
              says: ["exercise 1.8 refuses `nonisolated(unsafe)`: its statement rules it out"]),
            M(exercise: "1.8", file: "Ex8_TapCounter.swift", replace: tapsByMutex,
              with: "    var taps = 0\n    button.addAction { _ in taps += 1 }\n    return { [taps] in taps }", kind: "capture list copies the count",
              at: "    return { [taps] in taps }"),
        ],
        2: [
            M(exercise: "2.1", file: "Ex1_Enumerate.swift", replace: "            try body(element, index, &stop)\n            if stop { return true }",
              with: "            if stop { return true }\n            try body(element, index, &stop)", kind: "stop checked too early"),
            M(exercise: "2.1", file: "Ex1_Enumerate.swift", replace: "if stop { return true }", with: "if stop { return false }", kind: "wrong result"),
            M(exercise: "2.2", file: "Ex2_IndexesWhere.swift", replace: "for index in indices where", with: "for index in 0..<count where",
              kind: "wrong range (a crash)", says: ["in your code (innermost first):"]),
            M(exercise: "2.2", file: "Ex2_IndexesWhere.swift", replace: "for index in indices where try predicate(self[index]) {",
              with: "for index in indices where (try? predicate(self[index])) == true {", kind: "error swallowed"),
            M(exercise: "2.2", file: "Ex2_IndexesWhere.swift", replace: "where try predicate(self[index])",
              with: "where try !predicate(self[index])", kind: "flipped condition"),
            M(exercise: "2.3", file: "Ex3_BadRecord.swift", replace: "context.codingPath.dropFirst().first?.stringValue",
              with: "context.codingPath.last?.stringValue", kind: "wrong end of the path"),
            M(exercise: "2.4", file: "Ex4_BuildMenu.swift", replace: "if record.price < 0 {", with: "if record.price <= 0 {", kind: "boundary",
              apart: ["2.3"]),
            M(exercise: "2.4", file: "Ex4_BuildMenu.swift", replace: menuRecordByRecord, with: menuAfterDecodingAll,
              kind: "whole array decoded before any record is checked", apart: ["2.3"],
              at: "        let records = try JSONDecoder().decode([InventoryRecord].self, from: data)"),
            M(exercise: "2.5", file: "Ex5_FindKey.swift", replace: "quantities.keys.first { $0.name == item.name && $0.price == item.price }",
              with: "quantities.keys.first { $0.name == item.name }.flatMap { $0.price == item.price ? $0 : nil }", kind: "second key checked apart"),
            M(exercise: "2.5", file: "Ex5_FindKey.swift", replace: "quantities.keys.first { $0.name == item.name && $0.price == item.price }",
              with: "quantities.keys.first { $0 == item }", kind: "wrong key"),
            M(exercise: "2.5", file: "Ex5_FindKey.swift", replace: "$0.name == item.name && $0.price == item.price",
              with: "$0.name == item.name || $0.price == item.price", kind: "wrong boolean operator"),
            M(exercise: "2.6", file: "Ex6_DeleteSection.swift",
              replace: "        dataSource.sections.remove(at: index)\n        try table.deleteSections(IndexSet(integer: index), with: .automatic)",
              with: "        try table.deleteSections(IndexSet(integer: index), with: .automatic)\n        dataSource.sections.remove(at: index)",
              kind: "statements swapped", says: ["the table refused the update"],
              neverSays: ["no deleteSections reached it", "set barButton to nil", "the table was never told"]),
            M(exercise: "2.6", file: "Ex6_DeleteSection.swift",
              replace: "        try table.deleteSections(IndexSet(integer: index), with: .automatic)\n        barButton = nil",
              with: "        barButton = nil\n        try table.deleteSections(IndexSet(integer: index), with: .automatic)", kind: "statements swapped"),
            M(exercise: "2.6", file: "Ex6_DeleteSection.swift", replace: "        return true\n", with: "        return false\n", kind: "wrong result"),
            M(exercise: "2.7", file: "Ex7_DeleteGreaterThan.swift", replace: "where number > limit {", with: "where number >= limit {", kind: "boundary"),
            M(exercise: "2.7", file: "Ex7_DeleteGreaterThan.swift", replace: "removeAll { $0 > limit }", with: "removeAll { $0 < limit }",
              kind: "flipped comparison"),
            M(exercise: "2.8", file: "Ex8_FirstMatches.swift", replace: "if found.count == count { break }", with: "if found.count > count { break }",
              kind: "off-by-one comparison"),
            M(exercise: "2.8", file: "Ex8_FirstMatches.swift", replace: "guard count > 0 else { return [] }",
              with: "guard count >= 0 else { return [] }", kind: "boundary"),
            M(exercise: "2.8", file: "Ex8_FirstMatches.swift", replace: "found.append(element)", with: "found.insert(element, at: 0)", kind: "wrong end"),
            M(exercise: "2.8", file: "Ex8_FirstMatches.swift", replace: "            if found.count == count { break }\n", with: "",
              kind: "missing stop", at: "found.append(element)"),
        ],
        3: [
            M(exercise: "3.1", file: "Ex1_DinerQueue.swift", replace: "qos: .userInitiated)", with: "qos: .userInitiated, attributes: .concurrent)",
              kind: "wrong queue kind", says: ["the queue is concurrent"]),
            M(exercise: "3.2", file: "Ex2_LoadInventory.swift", replace: "    queue.async {\n", with: "    queue.sync {\n", kind: "sync for async"),
            M(exercise: "3.2", file: "Ex2_LoadInventory.swift", replace: "            done()\n", with: "            done()\n            done()\n",
              kind: "completion called twice"),
            M(exercise: "3.2", file: "Ex2_LoadInventory.swift", replace: "    queue.async {", with: "    DispatchQueue.main.async {",
              kind: "work on the wrong queue", says: ["the inventory was fetched on main"]),
            M(exercise: "3.3", file: "Ex3_InventoryButtons.swift", replace: "current != nil && index > 0",
              with: "current != nil && index >= 0", kind: "boundary"),
            M(exercise: "3.3", file: "Ex3_InventoryButtons.swift", replace: "current != nil && !screen.order.isEmpty",
              with: "current != nil || !screen.order.isEmpty", kind: "wrong boolean operator"),
            M(exercise: "3.3", file: "Ex3_InventoryButtons.swift", replace: "screen.currentItemIndex = 0", with: "screen.currentItemIndex = 1",
              kind: "off by one"),
            M(exercise: "3.4", file: "Ex4_MenuAndSpecials.swift", replace: "results.withLock { $0.specials = fetched }",
              with: "results.withLock { $0.menu = fetched }", kind: "wrong key"),
            M(exercise: "3.5", file: "Ex5_SharedOrder.swift", replace: "order.quantity(of: item) < limit", with: "order.quantity(of: item) <= limit",
              kind: "off-by-one comparison", neverSays: ["under another"]),
            M(exercise: "3.5", file: "Ex5_SharedOrder.swift",
              replace: "        order.withLock { order in\n            guard order.quantity(of: item) < limit else { return false }\n            order.add(item)\n            return true\n        }\n",
              with: "        let count = order.withLock { $0.quantity(of: item) }\n        guard count < limit else { return false }\n        order.withLock { $0.add(item) }\n        return true\n",
              kind: "a check and its act under two locks"),
            M(exercise: "3.10", file: "Ex10_Debouncer.swift", replace: "guard latest == ticket else", with: "guard latest != ticket else",
              kind: "flipped comparison"),
            M(exercise: "3.10", file: "Ex10_Debouncer.swift", replace: "if stillLatest { action() }", with: "if !stillLatest { action() }",
              kind: "flipped condition"),
            M(exercise: "3.10", file: "Ex10_Debouncer.swift", replace: "        latest.withLock { $0 += 1 }\n        // STARTER:", with: "        // STARTER:",
              kind: "an emptied function", at: "    public func cancel() {"),
            M(exercise: "3.11", file: "Ex11_DeliveryUpdates.swift", replace: "if update == .arrived { continuation.finish() }",
              with: "if update != .arrived { continuation.finish() }", kind: "flipped comparison"),
        ],
        4: [
            M(exercise: "4.1", file: "Ex1_Moves.swift", replace: "case .up: frame.origin.y = bounds.minY + offset",
              with: "case .up: frame.origin.y = bounds.minY - offset", kind: "wrong sign"),
            M(exercise: "4.1", file: "Ex1_Moves.swift", replace: "bounds.maxX - offset - frame.width",
              with: "bounds.maxX - offset + frame.width", kind: "wrong sign"),
            M(exercise: "4.1", file: "Ex1_Moves.swift", replace: "case .up: frame.origin.y = bounds.minY + offset",
              with: "case .up: frame.origin.y = bounds.maxY + offset", kind: "wrong edge", dependent: "4.2"),
            M(exercise: "4.2", file: "Ex2_ChainedMoves.swift", replace: "let moveDown = step(.down, in: scene, then: moveLeft)",
              with: "let moveDown = step(.down, in: scene, then: completion)", kind: "completion called early (a step skipped)",
              apart: ["4.1"]),
            M(exercise: "4.3", file: "Ex3_MoveList.swift", replace: "moves.reversed().reduce(finish)", with: "moves.reduce(finish)",
              kind: "steps in the wrong order"),
            M(exercise: "4.5", file: "Ex5_CancellableMove.swift", replace: "if !finished { cancelled?() }", with: "if finished { cancelled?() }",
              kind: "flipped condition", apart: ["4.1"]),
            M(exercise: "4.5", file: "Ex5_CancellableMove.swift", replace: "done?(finished ? .finished : .cancelled)",
              with: "done?(finished ? .cancelled : .finished)", kind: "outcomes swapped", apart: ["4.1"]),
            M(exercise: "4.6", file: "Ex6_Badge.swift", replace: "        badge.alpha = 0\n", with: "        badge.alpha = 1\n", kind: "wrong end value"),
            M(exercise: "4.6", file: "Ex6_Badge.swift", replace: "root.addSubview(badge)", with: "_ = root", kind: "a step left out",
              says: ["the badge was not in screen.root (its superview: none)"],
              // In a round with a 4.1 mistake: its tests reach 4.1's file (the scenes use
              // `Move.offset`) but never run `Move.target`; with 4.1's reference in place it
              // fails the same, so no dependency is said (issue 55).
              neverSays: ["needs 4.1", "exercise 4.1"]),
            M(exercise: "4.9", file: "Ex9_KeepContract.swift", replace: "if outcome == .cancelled { cancelled?() }",
              with: "if outcome != .cancelled { cancelled?() }", kind: "flipped comparison"),
            M(exercise: "4.9", file: "Ex9_KeepContract.swift", replace: "            done?(outcome)\n",
              with: "            done?(outcome)\n            done?(outcome)\n", kind: "completion called twice"),
            M(exercise: "4.10", file: "Ex10_Retrying.swift", replace: "if attempt < attempts { start(attempt: attempt + 1) }",
              with: "if attempt <= attempts { start(attempt: attempt + 1) }", kind: "off-by-one comparison"),
        ],
        5: [
            M(exercise: "5.1", file: "Ex1_OrderDescription.swift", replace: "$0.name < $1.name", with: "$0.name > $1.name", kind: "flipped comparison",
              says: ["the lines are in reverse name order"], neverSays: ["is a dictionary"]),
            M(exercise: "5.2", file: "Ex2_CountUnchecked.swift", replace: "(item.checked ? 0 : 1)", with: "(!item.checked ? 0 : 1)",
              kind: "flipped condition"),
            M(exercise: "5.2", file: "Ex2_CountUnchecked.swift", replace: "$0.countUncheckedItems() > 0", with: "$0.countUncheckedItems() >= 0",
              kind: "boundary"),
            M(exercise: "5.3", file: "Ex3_SortChecklists.swift", replace: ".orderedAscending", with: ".orderedDescending", kind: "flipped order",
              neverSays: ["that is the order `<` gives"]),
            M(exercise: "5.4", file: "Ex4_SortedDataModel.swift", replace: "var high = lists.count", with: "var high = lists.count - 1",
              kind: "off by one, in a helper found through its caller"),
            M(exercise: "5.5", file: "Ex5_MenuByPrice.swift", replace: "return first.price > second.price",
              with: "return first.price < second.price", kind: "flipped comparison", neverSays: ["overrule"]),
            M(exercise: "5.5", file: "Ex5_MenuByPrice.swift", replace: "if first.price != second.price {",
              with: "if first.price == second.price {", kind: "flipped condition"),
            M(exercise: "5.7", file: "Ex7_StableCourseSort.swift", replace: "if sections.last?.course == line.course {",
              with: "if sections.last?.course != line.course {", kind: "flipped comparison"),
            M(exercise: "5.9", file: "Ex9_BackgroundSort.swift", replace: "        return first < second\n    }) { sorted in",
              with: "        return first > second\n    }) { sorted in", kind: "flipped comparison"),
            M(exercise: "5.10", file: "Ex10_HostList.swift", replace: "case .orderedAscending: return true",
              with: "case .orderedAscending: return false", kind: "wrong result in a case"),
            M(exercise: "5.10", file: "Ex10_HostList.swift", replace: "{ return first.table != nil }",
              with: "{ return first.table == nil }", kind: "flipped comparison"),
        ],
    ]
}
