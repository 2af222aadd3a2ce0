import Foundation
import WorkbookModel
import WorkbookSystem

/// Unpacks a student's zip with limits that count what is really written, never what
/// the zip's headers declare (a 300 KB zip whose headers said 100 bytes unpacked to
/// 301 MiB past `unzip -l`'s totals, issue 56). Only the workbook's exercise files are
/// unpacked, each read from `unzip -p` with an output cap, so the grader holds at most
/// one file's cap at a time: the file count, one file's bytes, the submission's bytes
/// and the class's bytes (`ClassSubmissions.ClassBudget`) each stop it, with its words.
struct ZipUnpacking {
    let unzip: String
    let zip: URL
    /// The exercise files' names (`Ex1_Add.swift`): nothing else is unpacked.
    let names: Set<String>

    /// Nil when every exercise file was unpacked into `folder`; else why not.
    func unpack(into folder: URL, budget: inout ClassSubmissions.ClassBudget) -> String? {
        let shown = zip.lastPathComponent
        // zipinfo's lines: `-rw-r--r--  3.0 unx  12 tx stor 24-Dec-06 10:00 01-basics/Ex1_Add.swift`.
        guard let listing = try? ChildProcess.run(unzip, .init(arguments: ["-Z", zip.path], timeout: 30, outputLimit: 4 << 20)),
              listing.termination.isSuccess, !listing.outputTruncated else {
            return "\(shown) is not a zip file that can be read"
        }
        let entries = listing.standardOutput.split(separator: "\n").dropFirst().compactMap { line -> (link: Bool, path: String)? in
            let fields = line.split(separator: " ", maxSplits: 8, omittingEmptySubsequences: true)
            guard fields.count == 9, fields[0].count == 10 else { return nil }
            return (fields[0].hasPrefix("l"), String(fields[8]))
        }
        guard entries.count <= ClassSubmissions.zipFileLimit else {
            return "\(shown) holds \(entries.count) files, over the limit of \(ClassSubmissions.zipFileLimit); it was not unpacked"
        }
        var written = 0
        // In path order, so the first problem named is the same whatever order the zip has.
        for entry in entries.sorted(by: { $0.path < $1.path }) {
            let parts = entry.path.split(separator: "/")
            guard let last = parts.last, names.contains(String(last)) else { continue }
            // unzip reads names as patterns, and unpacks nothing outside its folder: such names are no exercise's.
            guard !entry.path.hasPrefix("/"), !entry.path.hasPrefix("-"), !parts.contains(".."),
                  !entry.path.contains(where: { "*?[]\\".contains($0) }) else { continue }
            let limit = min(ClassSubmissions.fileByteLimit, ClassSubmissions.zipByteLimit - written, budget.left)
            guard let read = try? ChildProcess.run(unzip, .init(arguments: ["-p", zip.path, entry.path], timeout: 30, outputLimit: limit)),
                  read.termination.isSuccess || read.outputTruncated else {
                return "\(shown): \(entry.path) could not be unpacked"
            }
            if entry.link {
                // A link is never followed: one into the teacher's Sources/ earned full marks.
                let target = read.standardOutput
                let leaves = target.hasPrefix("/") || target.split(separator: "/").contains("..")
                return "\(shown): \(entry.path) is a symbolic link\(leaves ? " that leaves the submission" : ""); it was not graded "
                    + "(hand in the file itself)"
            }
            if read.outputTruncated {
                if limit == budget.left, budget.left < ClassSubmissions.fileByteLimit {
                    return "\(shown) was not unpacked: the class's zips reached the limit of \(ClassSubmissions.classByteLimit >> 20) MiB unpacked"
                }
                if limit < ClassSubmissions.fileByteLimit {
                    return "\(shown) unpacks to more than \(ClassSubmissions.zipByteLimit >> 20) MiB, the limit for a submission; it was not unpacked"
                }
                return "\(shown): \(entry.path) unpacks to more than \(ClassSubmissions.fileByteLimit >> 20) MiB, "
                    + "the limit for an exercise file; it was not unpacked"
            }
            let data = Data(read.standardOutput.utf8)
            written += data.count
            budget.left -= data.count
            let file = folder.appendingPathComponent(entry.path)
            do {
                try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: file)
            } catch {
                return "\(shown): \(entry.path) could not be written under \(folder.lastPathComponent)/: \(WorkspaceFiles.reason(error))"
            }
        }
        return nil
    }
}
