import Foundation
import WorkbookModel
import WorkbookSystem
import WorkbookToolchain

/// One student's work, as found in a class's submissions folder.
public struct StudentSubmission: Sendable, Equatable {
    public enum Form: String, Sendable, Equatable {
        /// A workspace folder (`NN-slug/` folders of exercise files).
        case workspace
        /// A repository or a copy of the workbook, with the workspace in `exercises/`.
        case repository
        /// A `.zip` of either, unpacked into the grader's own folder.
        case zip
    }

    /// The entry's name without `.zip`: how the gradebook names the student.
    public var name: String
    public var form: Form
    /// The folder graded as the student's `exercises/`; nil when there is nothing to grade.
    public var workspace: URL?
    /// Why nothing could be graded (a zip that is too big or broken), for the gradebook.
    public var problem: String?
    /// With `--deadline`: the commit graded and what came after it.
    public var late: SubmissionDeadline.Late? = nil
}

/// Finds the students in a submissions folder: one entry per student — a workspace, a
/// git repository (what GitHub Classroom's "download repositories" gives), or a `.zip` —
/// named by the student. Zips are unpacked under `scratch`, once per content, with
/// limits on their size and file count (a zip bomb costs nothing but its own line).
public enum ClassSubmissions {
    /// Unpacked bytes and files a zip may hold: a workspace is a few dozen small files.
    /// Counted as unpacked, never from the zip's own headers (a zip that declared 100
    /// bytes unpacked to 301 MiB, issue 56); only exercise files are unpacked.
    package static let zipByteLimit = 64 << 20
    package static let zipFileLimit = 5_000
    /// One exercise file, in a zip or a folder (a 50 MiB one cost `grade` 2.2 GiB, issue 56).
    package static let fileByteLimit = 1 << 20
    /// What a whole class's zips may unpack to.
    package static let classByteLimit = 1 << 30

    /// A student's name as a folder name: no slashes, no leading dot.
    public static func folderName(_ student: String) -> String {
        let safe = student.map { $0 == "/" || $0 == "\\" ? "_" : $0 }
        return (safe.first == "." ? "_" : "") + String(safe)
    }

    /// Bytes unpacked so far for the class.
    struct ClassBudget {
        var left = ClassSubmissions.classByteLimit
    }

    /// `workbook` says which files are exercises (how a submission's shape is recognised).
    /// `environment` is the command's (where `unzip` is found).
    public static func find(in folder: URL, scratch: URL, workbook: Workbook, environment: [String: String]) throws(WorkbookError) -> [StudentSubmission] {
        let shape = SubmissionShape(workbook: workbook)
        let names: [String]
        var isFolder: ObjCBool = false
        // Said in the tool's words: listing a file was "NSCocoaErrorDomain error 256" (issue 56).
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) else {
            throw .unreadable(path: folder.path, reason: "there is no such folder: grade takes the folder that holds the class's submissions")
        }
        guard isFolder.boolValue else {
            throw .unreadable(path: folder.path, reason: "it is a file, not a folder: grade takes the folder that holds the class's "
                              + "submissions (a folder or a .zip for each student)")
        }
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }.sorted()
        } catch {
            throw .unreadable(path: folder.path, reason: "the submissions folder cannot be listed: \(WorkspaceFiles.reason(error))")
        }
        // A grading killed mid-unpack (kill -9) left its `.tmp-NAME-PID` folder here.
        StaleScratch.sweep(scratch)
        var budget = ClassBudget()
        let found: [StudentSubmission] = names.compactMap { name in
            let entry = folder.appendingPathComponent(name)
            if SubmissionLinks.isLink(entry) {
                // Followed, a link would grade whatever it points at as this student's.
                return StudentSubmission(name: name, form: .workspace, workspace: nil,
                                         problem: "\(name) is a symbolic link; a submission is a folder or a .zip of its own")
            }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: entry.path, isDirectory: &isDirectory) else { return nil }
            var student: StudentSubmission
            if isDirectory.boolValue {
                student = StudentSubmission(name: name, form: .workspace, workspace: entry)
            } else {
                guard name.hasSuffix(".zip") else { return nil }
                student = unpack(entry, name: String(name.dropLast(4)), scratch: scratch, shape: shape, budget: &budget, environment: environment)
            }
            if let unpacked = student.workspace {
                place(&student, in: unpacked, entry: name, shape: shape, scratch: scratch)
            }
            if let workspace = student.workspace, let large = oversized(in: workspace, shape: shape) {
                student.workspace = nil
                student.problem = "\(name): \(large) is over the limit of \(fileByteLimit >> 20) MiB for an exercise file; it was not graded"
            }
            return student
        }
        return distinctNames(found)
    }

    /// The first exercise file in `workspace` larger than `fileByteLimit`, by its path there.
    static func oversized(in workspace: URL, shape: SubmissionShape) -> String? {
        for path in shape.places.values.joined().sorted() {
            let size = (try? FileManager.default.attributesOfItem(atPath: workspace.appendingPathComponent(path).path))?[.size] as? NSNumber
            if let size, size.intValue > fileByteLimit { return path }
        }
        return nil
    }

    /// Two entries named alike (`heidi/` and `heidi.zip`) would share a gradebook row and
    /// a feedback folder: neither is graded, each is a row of its own under its entry's
    /// name (a folder's with `/`, which no file name has), saying why.
    static func distinctNames(_ students: [StudentSubmission]) -> [StudentSubmission] {
        func entry(_ student: StudentSubmission) -> String { student.form == .zip ? student.name + ".zip" : student.name + "/" }
        let entries = Dictionary(grouping: students.map { ($0.name, entry($0)) }, by: \.0).mapValues { $0.map(\.1) }
        return students.map { student in
            guard let alike = entries[student.name], alike.count > 1 else { return student }
            return StudentSubmission(name: entry(student), form: student.form, workspace: nil,
                                     problem: "\(alike.joined(separator: " and ")) are both student \(student.name); "
                                        + "keep one of them and grade again")
        }
    }

    /// Finds the student's workspace in what they handed in (`folder`: the entry, or the
    /// folder its zip unpacked to), in whatever shape (see `SubmissionShape`); a
    /// submission without any exercise file becomes a row saying so.
    static func place(_ student: inout StudentSubmission, in folder: URL, entry: String, shape: SubmissionShape, scratch: URL) {
        student.workspace = nil
        switch shape.locate(folder) {
        case .workspace(let workspace, let repository):
            if repository, student.form == .workspace { student.form = .repository }
            // Unzip keeps symbolic links: a link into the teacher's Sources/ earned full
            // marks, and one to any readable file put its lines into the feedback page.
            if let link = SubmissionLinks.leaving(workspace) {
                student.problem = "\(entry): \(link) is a symbolic link that leaves the submission; it was not graded"
            } else {
                student.workspace = workspace
            }
        case .flat(let files):
            // Copied, and copying follows links: a link is never among the files copied.
            if let link = files.values.first(where: SubmissionLinks.isLink) {
                student.problem = "\(entry): \(link.lastPathComponent) is a symbolic link, and the bare files of a submission "
                    + "are graded from copies; it was not graded (hand in the file itself)"
            } else if let staged = SubmissionShape.stage(files, name: student.name, scratch: scratch) {
                student.workspace = staged
            } else {
                student.problem = "\(entry): its exercise files could not be copied into their chapter folders under "
                    + "\(scratch.lastPathComponent)/ to be graded"
            }
        case .nothing(let reason):
            student.problem = "\(entry) \(reason)"
        }
    }

    private static func unpack(_ zip: URL, name: String, scratch: URL, shape: SubmissionShape, budget: inout ClassBudget,
                               environment: [String: String]) -> StudentSubmission {
        var result = StudentSubmission(name: name, form: .zip)
        guard let unzip = Sandbox.findExecutable("unzip", environment: environment) else {
            result.problem = "cannot unpack \(zip.lastPathComponent): unzip is not installed (apt-get install unzip)"
            return result
        }
        // Its size before anything is read: the zip itself is held in memory to be hashed.
        let size = ((try? FileManager.default.attributesOfItem(atPath: zip.path))?[.size] as? NSNumber)?.intValue ?? 0
        guard size <= zipByteLimit else {
            result.problem = "\(zip.lastPathComponent) is \(size >> 20) MiB, over the limit of \(zipByteLimit >> 20) MiB for a submission; "
                + "it was not unpacked"
            return result
        }
        guard let bytes = FileManager.default.contents(atPath: zip.path) else {
            result.problem = "cannot read \(zip.lastPathComponent)"
            return result
        }
        var hash = ContentHash()
        hash.combine(bytes)
        let target = scratch.appendingPathComponent("\(name)-\(hash.hex.prefix(16))")
        if !FileManager.default.fileExists(atPath: target.path) {
            var problem: String?
            let made = try? CacheEntry.wholeFolder(target).produce { partial in
                problem = ZipUnpacking(unzip: unzip, zip: zip, names: Set(shape.places.keys)).unpack(into: partial, budget: &budget)
                return problem == nil
            }
            guard made != nil, problem == nil else {
                result.problem = problem ?? "\(zip.lastPathComponent) could not be unpacked into \(scratch.lastPathComponent)/"
                return result
            }
        }
        result.workspace = target
        return result
    }
}
