// Exercise 2.3: Say which record the decoder stopped at
//
// When `JSONDecoder` cannot decode an array of `InventoryRecord`s it throws a
// `DecodingError`, and the error's context carries a coding path. Write
// `inventoryFormatError(for:)`: turn such an error into an `InventoryFormatError`
// that names the record (counting from 0) and the JSON key of its bad field:
//
// * a record lacks a field, or a field holds the wrong type or `null`
//                                          → `.malformedRecord(index: i, field: key)`
// * a record is not an object (`3`, `"Fries"`, `null`, `[]`)
//                                          → `.malformedRecord(index: i, field: "")`
// * the data is not JSON, or its top level is not an array → `.notAList`
//
// Find out what each case of `DecodingError` carries before you write the answer:
// decode a few broken inventories and print the errors.

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

/// Where `error`, thrown while decoding `[InventoryRecord]`, says the inventory went wrong.
public func inventoryFormatError(for error: DecodingError) -> InventoryFormatError {
    // BEGIN SOLUTION
    let context: DecodingError.Context
    let missingKey: String?
    switch error {
    case let .keyNotFound(key, keyContext):
        // The missing key is not in the path: the path stops at the record that lacks it.
        (context, missingKey) = (keyContext, key.stringValue)
    case let .typeMismatch(_, valueContext), let .valueNotFound(_, valueContext), let .dataCorrupted(valueContext):
        (context, missingKey) = (valueContext, nil)
    @unknown default:
        return .notAList
    }
    // The path leads from the top of the document: the record's index first. No index
    // means the top level itself was wrong (not an array, or not JSON at all).
    guard let index = context.codingPath.first?.intValue else { return .notAList }
    // A wrong or null value has its key right after the index; a record that is not an
    // object has nothing after it.
    return .malformedRecord(index: index, field: missingKey ?? context.codingPath.dropFirst().first?.stringValue ?? "")
    // STARTER:
    // .notAList  // read the error's context: where does its coding path point?
    // END SOLUTION
}
