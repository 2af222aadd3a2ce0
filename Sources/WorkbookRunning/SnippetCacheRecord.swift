import Foundation

/// How `SnippetCache` stores one execution: a short header of words, then each text as
/// its byte count and its bytes. Reading one takes microseconds; decoding the JSON it
/// replaced took most of a cached `render`'s snippet lookups.
///
///     snippet-execution 1
///     ending exited 0            (or: signaled 9, timed-out 10.0, did-not-compile)
///     truncated 0
///     stdout 6
///     hello
///     …likewise stderr and diagnostics
enum SnippetCacheRecord {
    static let header = "snippet-execution 1"

    static func encode(_ execution: SnippetExecution) -> Data {
        let ending: String
        switch execution.ending {
        case .exited(let code): ending = "exited \(code)"
        case .signaled(let signal): ending = "signaled \(signal)"
        case .timedOut(let seconds): ending = "timed-out \(seconds)"
        case .didNotCompile: ending = "did-not-compile"
        }
        var bytes = Array("\(header)\nending \(ending)\ntruncated \(execution.outputTruncated ? 1 : 0)\n".utf8)
        for (name, text) in [("stdout", execution.standardOutput), ("stderr", execution.standardError), ("diagnostics", execution.diagnostics)] {
            bytes += "\(name) \(text.utf8.count)\n".utf8
            bytes += text.utf8
            bytes.append(0x0A)
        }
        return Data(bytes)
    }

    /// The execution in `data`, or nil when it is not a whole record of this format.
    static func decode(_ data: Data) -> SnippetExecution? {
        data.withUnsafeBytes { raw in
            var reader = Reader(bytes: raw.bindMemory(to: UInt8.self))
            guard reader.line() == header,
                  let ending = reader.line().flatMap(ending(from:)),
                  let truncated = reader.line().flatMap({ $0 == "truncated 1" ? true : $0 == "truncated 0" ? false : nil }),
                  let standardOutput = reader.text(named: "stdout"),
                  let standardError = reader.text(named: "stderr"),
                  let diagnostics = reader.text(named: "diagnostics"),
                  reader.atEnd
            else { return nil }
            return SnippetExecution(
                ending: ending, standardOutput: standardOutput, standardError: standardError,
                outputTruncated: truncated, diagnostics: diagnostics)
        }
    }

    private static func ending(from line: String) -> SnippetExecution.Ending? {
        if line == "ending did-not-compile" { return .didNotCompile }
        let words = line.split(separator: " ")
        guard words.count == 3, words[0] == "ending" else { return nil }
        switch words[1] {
        case "exited": return Int32(words[2]).map { .exited($0) }
        case "signaled": return Int32(words[2]).map { .signaled($0) }
        case "timed-out": return Double(words[2]).map { .timedOut(seconds: $0) }
        default: return nil
        }
    }

    /// Reads lines and counted texts from the front of the bytes.
    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var offset = 0

        var atEnd: Bool { offset == bytes.count }

        mutating func line() -> String? {
            guard let end = bytes[offset...].firstIndex(of: 0x0A) else { return nil }
            defer { offset = end + 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self)
        }

        /// `NAME COUNT\n`, COUNT bytes, `\n`.
        mutating func text(named name: String) -> String? {
            guard let line = line(), line.hasPrefix(name + " "), let count = Int(line.dropFirst(name.count + 1)),
                  count >= 0, offset + count < bytes.count, bytes[offset + count] == 0x0A else { return nil }
            defer { offset += count + 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<(offset + count)]), as: UTF8.self)
        }
    }
}
