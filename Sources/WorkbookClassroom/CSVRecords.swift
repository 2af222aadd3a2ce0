/// Reads RFC 4180 CSV: quoted fields may hold commas, quotes and line breaks; CRLF or LF
/// ends a record. What a spreadsheet writes when a teacher saves `overrides.csv` or a roster.
package enum CSVRecords {
    /// The records of `text`, each with the line it starts on (1-based); blank lines left out.
    public static func parse(_ text: String) -> [(line: Int, fields: [String])] {
        var records: [(line: Int, fields: [String])] = []
        var fields: [String] = [], field = "", quoted = false
        var line = 1, recordLine = 1
        func end() {
            fields.append(field)
            if fields != [""] { records.append((recordLine, fields)) }
            fields = []
            field = ""
        }
        var characters = Array(text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text)[...]
        while let character = characters.popFirst() {
            if character == "\r\n" || character == "\n" { line += 1 }
            if quoted {
                if character == "\"" {
                    if characters.first == "\"" { field.append("\""); characters.removeFirst() } else { quoted = false }
                } else {
                    field.append(character)
                }
            } else if character == "\"" {
                quoted = true
            } else if character == "," {
                fields.append(field)
                field = ""
            } else if character == "\r\n" || character == "\n" {
                end()
                recordLine = line
            } else {
                field.append(character)
            }
        }
        if !field.isEmpty || !fields.isEmpty { end() }
        return records
    }
}
