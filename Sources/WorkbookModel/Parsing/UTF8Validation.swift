/// Finds where a file stops being UTF-8, so the error can name a line.
enum UTF8Validation {
    /// The 1-based line and column (in bytes) of the first invalid sequence; nil when valid.
    static func firstInvalidPosition(in bytes: [UInt8]) -> (line: Int, column: Int)? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var line = 1
        var column = 1
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                if encoded.count == 1 && encoded.first == UInt8(ascii: "\n") {
                    line += 1
                    column = 1
                } else {
                    column += encoded.count
                }
            case .error:
                return (line, column)
            case .emptyInput:
                return nil
            }
        }
    }
}
