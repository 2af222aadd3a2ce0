// Exercise 2.3: Build the menu from the inventory JSON
//
// The seed's `retrieveInventoryItems` turned the service's JSON array into menu
// items by enumerating it with a block. Write `menuItems(fromInventoryJSON:)`:
// decode the JSON (`InventoryRecord` knows its keys), check every record, and
// return the menu items in the order of the JSON. Stop at the first bad record
// and say where it is:
//
// * the data is not a JSON array                       → `.notAList`
// * record `i` lacks a field or has one of a wrong type → `.malformedRecord(index: i, field: key)`
//   (a `null` is a wrong type: `"Price": null` → `field: "Price"`)
// * record `i` is not an object (`3`, `"Fries"`, `null`) → `.malformedRecord(index: i, field: "")`
// * record `i` has a blank `Name` (empty, or only white space: spaces, tabs, line breaks)
//                                                       → `.malformedRecord(index: i, field: "Name")`
// * record `i` has a negative `Price`                   → `.malformedRecord(index: i, field: "Price")`
//
// Prices stay exact: 4.99 must be the `Decimal` 4.99, not the nearest `Double`.
// (swift-foundation's `JSONDecoder`, which Linux toolchains use since Swift 6, reads
// the digits into a `Decimal`; older Foundations went through `Double`.)

import Diner
import Foundation

/// Why an inventory could not be turned into a menu. (Not the stage's `InventoryError`
/// of chapter 3, which says why the service did not answer: this one says what was
/// wrong with an answer.)
public enum InventoryFormatError: Error, Equatable, CustomStringConvertible {
    /// The JSON is not an array of records.
    case notAList
    /// The record at `index` (counting from 0) is unusable because of `field`; `field` is
    /// empty when the record is not a JSON object at all, so it has no field to blame.
    case malformedRecord(index: Int, field: String)

    public var description: String {
        switch self {
        case .notAList: "the inventory is not a JSON array of records"
        case let .malformedRecord(index, field) where field.isEmpty: "record #\(index + 1) (index \(index)) is not a JSON object"
        case let .malformedRecord(index, field): "record #\(index + 1) (index \(index)) has a bad \"\(field)\""
        }
    }
}

/// The menu items described by the inventory service's JSON, in order.
public func menuItems(fromInventoryJSON data: Data) throws(InventoryFormatError) -> [MenuItem] {
    // BEGIN SOLUTION
    // The decoder's coding path starts with the array index of the failing record;
    // an empty path means the top level itself was wrong.
    func position(in codingPath: [any CodingKey], field: String) -> InventoryFormatError {
        guard let index = codingPath.first?.intValue else { return .notAList }
        return .malformedRecord(index: index, field: field)
    }

    // Decoded and checked one record at a time, so the first bad record is the one
    // reported: an empty name in record 1 beats a missing price in record 3.
    struct CheckedMenu: Decodable {
        var items: [MenuItem] = []

        init(from decoder: any Decoder) throws {
            var records = try decoder.unkeyedContainer()
            while !records.isAtEnd {
                let index = records.currentIndex
                // This `JSONDecoder` reads "4.99" into a `Decimal` digit by digit.
                let record = try records.decode(InventoryRecord.self)
                // A name of spaces or tabs shows as an empty line on the menu board.
                if record.name.allSatisfy(\.isWhitespace) {
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
    } catch let error as InventoryFormatError {
        throw error
    } catch let DecodingError.keyNotFound(key, context) {
        throw position(in: context.codingPath, field: key.stringValue)
    } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
        // The path is [record index, field]; a record that is not an object at all
        // has no field in its path.
        throw position(in: context.codingPath, field: context.codingPath.dropFirst().last?.stringValue ?? "")
    } catch {
        throw .notAList
    }
    // STARTER:
    // []  // decode `data`, check each record, and build the menu
    // END SOLUTION
}

