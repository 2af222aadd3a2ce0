/// A problem found in a chapter or in a file it names, printed the way compilers
/// print theirs: `path:line:column: error: message`.
public struct Diagnostic: Sendable, Equatable, Comparable, CustomStringConvertible {
    public enum Severity: String, Sendable, Equatable {
        case error, warning, note
    }

    public var location: SourceLocation
    public var severity: Severity
    public var message: String

    public init(_ severity: Severity = .error, at location: SourceLocation, _ message: String) {
        self.location = location
        self.severity = severity
        self.message = message
    }

    public var description: String { "\(location): \(severity.rawValue): \(message)" }

    public static func < (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
        (lhs.location, lhs.message) < (rhs.location, rhs.message)
    }
}
