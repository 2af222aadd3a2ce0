/// A set of lines that tells whether a line, given as UTF-8 bytes, is one of them. Lines
/// are equal as Swift Strings are equal (canonically equivalent), as in a `Set<String>`.
/// Members are numbered; equal lines are one member.
package struct LineSet: Sendable {
    /// The member number of each line given, in their order.
    package let memberOfLine: [Int]
    private let members: [String: Int]

    package init(_ lines: [String]) {
        var members: [String: Int] = [:]
        memberOfLine = lines.map { line in
            if let member = members[line] { return member }
            members[line] = members.count
            return members.count - 1
        }
        self.members = members
    }

    /// The number of the member equal to `line`, if there is one.
    package func member(equalTo line: UnsafeBufferPointer<UInt8>) -> Int? {
        members[String(decoding: line, as: UTF8.self)]
    }
}
