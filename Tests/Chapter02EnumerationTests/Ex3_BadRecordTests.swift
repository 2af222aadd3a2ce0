import Diner
import Foundation
import Testing
import Chapter02Enumeration

/// The error `JSONDecoder` throws for `text` read as `[InventoryRecord]`: the real one,
/// so the tests hold an answer to what the decoder does, not to what a test author made up.
private func inventoryDecodingError(_ text: String) throws -> DecodingError {
    do {
        _ = try JSONDecoder().decode([InventoryRecord].self, from: Data(text.utf8))
    } catch let error as DecodingError {
        return error
    }
    throw InventoryTestSetupError(text: text)
}

/// A test's JSON decoded after all: the test itself is wrong.
private struct InventoryTestSetupError: Error, CustomStringConvertible {
    var text: String
    var description: String { "the test's JSON \(text) decoded without an error" }
}

/// A JSON array: the good sample records, with `record` (an object's body, or any JSON
/// value) at `index`.
private func inventoryText(_ record: String, at index: Int, asObject: Bool = true) -> String {
    var records = [
        #"{"Name": "Burger", "Price": 4.99, "Image": "burger.png"}"#,
        #"{"Name": "Fries", "Price": 1.99, "Image": "fries.png"}"#,
        #"{"Name": "Milkshake", "Price": 3.49, "Image": "milkshake.png"}"#,
        #"{"Name": "Hot Dog", "Price": 2.99, "Image": "hotdog.png"}"#,
        #"{"Name": "Apple Pie", "Price": 2.49, "Image": "applepie.png"}"#,
    ]
    records[index] = asObject ? "{\(record)}" : record
    return "[" + records.joined(separator: ", ") + "]"
}

@Suite("Exercise 2.3: Say which record the decoder stopped at")
struct Ex3_BadRecordTests {
    @Test("names a missing field and its record's position", arguments: [
        (#""Name": "Mystery", "Image": "mystery.png""#, 0, "Price"),
        (#""Name": "Mystery", "Image": "mystery.png""#, 2, "Price"),
        (#""Price": 1.00, "Image": "mystery.png""#, 4, "Name"),
    ])
    func missingField(record: String, index: Int, field: String) throws {
        let error = try inventoryDecodingError(inventoryText(record, at: index))
        let answer = inventoryFormatError(for: error)
        #expect(answer == .malformedRecord(index: index, field: field),
                "record \(index) (counting from 0) has no \(field), and the decoder threw \(Self.summary(error)); expected .malformedRecord(index: \(index), field: \"\(field)\"), got \(Self.spelled(answer))")
    }

    @Test("names a field whose value has the wrong type, or is null", arguments: [
        (#""Name": "Fries", "Price": "1.99", "Image": "fries.png""#, "Price"),
        (#""Name": 42, "Price": 1.00, "Image": "x.png""#, "Name"),
        (#""Name": "Soda", "Price": 1.00, "Image": true"#, "Image"),
        (#""Name": "Soda", "Price": null, "Image": "x.png""#, "Price"),
        (#""Name": null, "Price": 1.00, "Image": "x.png""#, "Name"),
    ])
    func wrongValue(record: String, field: String) throws {
        let error = try inventoryDecodingError(inventoryText(record, at: 1))
        let answer = inventoryFormatError(for: error)
        #expect(answer == .malformedRecord(index: 1, field: field),
                "record 1 is {\(record)}, and the decoder threw \(Self.summary(error)); expected .malformedRecord(index: 1, field: \"\(field)\"), got \(Self.spelled(answer))")
    }

    @Test("gives a record that is not an object its position and no field", arguments: ["3", #""Fries""#, "null", "[]"])
    func recordNotAnObject(record: String) throws {
        let error = try inventoryDecodingError(inventoryText(record, at: 3, asObject: false))
        let answer = inventoryFormatError(for: error)
        #expect(answer == .malformedRecord(index: 3, field: ""),
                "record 3 is \(record), not an object, and the decoder threw \(Self.summary(error)); expected .malformedRecord(index: 3, field: \"\"), got \(Self.spelled(answer))")
    }

    @Test("says the inventory is not a list when its top level is wrong", arguments: [
        #"{"Name": "Burger", "Price": 4.99, "Image": "burger.png"}"#, #""Burger""#, "null", "not json at all", "",
        #"[{"Name": "Burger", "Price": 4.99, "Image": "burger.png"}"#,
    ])
    func notAList(text: String) throws {
        let error = try inventoryDecodingError(text)
        let answer = inventoryFormatError(for: error)
        #expect(answer == .notAList,
                "\(text.debugDescription) is not a JSON array, and the decoder threw \(Self.summary(error)); expected .notAList, got \(Self.spelled(answer))")
    }

    /// An answer as it is written in Swift, `.malformedRecord(index: 1, field: "Price")`,
    /// beside the expected one (its `description` is the menu board's sentence).
    static func spelled(_ answer: InventoryFormatError) -> String {
        switch answer {
        case .notAList: ".notAList"
        case let .malformedRecord(index, field): ".malformedRecord(index: \(index), field: \(field.debugDescription))"
        }
    }

    /// The error's case and its coding path, as a learner would print them.
    static func summary(_ error: DecodingError) -> String {
        let (name, context): (String, DecodingError.Context) = switch error {
        case let .keyNotFound(key, context): ("keyNotFound(\"\(key.stringValue)\")", context)
        case let .typeMismatch(_, context): ("typeMismatch", context)
        case let .valueNotFound(_, context): ("valueNotFound", context)
        case let .dataCorrupted(context): ("dataCorrupted", context)
        @unknown default: ("\(error)", DecodingError.Context(codingPath: [], debugDescription: ""))
        }
        return "\(name) with the coding path [\(context.codingPath.map { $0.intValue.map { "\($0)" } ?? "\"\($0.stringValue)\"" }.joined(separator: ", "))]"
    }
}
