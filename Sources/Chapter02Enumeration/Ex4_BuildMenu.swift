// Exercise 2.4: Build the menu from the inventory JSON (uses your 2.3)
//
// The seed's `retrieveInventoryItems` turned the service's JSON array into menu
// items by enumerating it with a block. Write `menuItems(fromInventoryJSON:)`:
// decode the JSON (`InventoryRecord` knows its keys), check every record, and
// return the menu items in the order of the JSON. Stop at the first bad record in
// the JSON's order, whatever is wrong with it, and throw where it is:
//
// * what `JSONDecoder` cannot decode  → your 2.3's `inventoryFormatError(for:)`
// * record `i` has a blank `Name` (empty, or only white space: spaces, tabs, line breaks)
//                                     → `.malformedRecord(index: i, field: "Name")`
// * record `i` has a negative `Price` → `.malformedRecord(index: i, field: "Price")`
//
// A record with a blank name *and* a negative price may be reported for either.
// Prices stay exact: 4.99 must be the `Decimal` 4.99, not the nearest `Double`.

import Diner
import Foundation

/// The menu items described by the inventory service's JSON, in order.
public func menuItems(fromInventoryJSON data: Data) throws(InventoryFormatError) -> [MenuItem] {
    // BEGIN SOLUTION
    // Decoded and checked one record at a time, so the first bad record is the one
    // reported: decoding the whole array first would meet a missing price in record 3
    // before any check could see the empty name in record 1.
    struct CheckedMenu: Decodable {
        var items: [MenuItem] = []

        init(from decoder: any Decoder) throws {
            var records = try decoder.unkeyedContainer()
            while !records.isAtEnd {
                let index = records.currentIndex
                // swift-foundation's `JSONDecoder` reads "4.99" into a `Decimal` digit by digit.
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
        // A check of ours: the decoder passes an error it did not make through unchanged.
        throw error
    } catch let error as DecodingError {
        // The record's own decoder keeps the index in its path: [index, field].
        throw inventoryFormatError(for: error)
    } catch {
        throw .notAList
    }
    // STARTER:
    // []  // decode `data`, check each record, and build the menu
    // END SOLUTION
}
