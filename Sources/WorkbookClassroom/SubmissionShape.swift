import Foundation
import WorkbookModel
import WorkbookSystem
import WorkbookToolchain

/// Where a student's exercise files sit in what they handed in. A class hands in every
/// shape: a workspace (`01-basics/Ex1_Add.swift`), a repository (`exercises/01-basics/…`),
/// a zip with or without its chapter folder, a zip of a folder named after the student,
/// GitHub Classroom's `assignment-username/` checkouts. Found by the workbook's own file
/// names, so a zip of the bare files is graded as its chapter (it scored 0 silently), and
/// a submission with no exercise file at all is said to be one, not graded as starters.
struct SubmissionShape {
    /// Each exercise file's place in a workspace, by file name: `Ex1_Add.swift` →
    /// `["01-basics/Ex1_Add.swift"]` (more than one when two chapters share a name).
    let places: [String: [String]]

    /// How many folders deep a wrapping may go (a zip of `ada/` holding `closures-ada/`).
    static let wrappingDepth = 3

    init(workbook: Workbook) {
        var places: [String: [String]] = [:]
        for chapter in workbook.chapters {
            for exercise in chapter.exercises {
                guard let name = exercise.fileName else { continue }
                places[name, default: []].append("\(chapter.stem)/\(name)")
            }
        }
        self.places = places
    }

    enum Found: Equatable {
        /// A workspace folder as it is (`repository`: it was the `exercises/` of one).
        case workspace(URL, repository: Bool)
        /// Exercise files without their chapter folder: workspace path → the file.
        case flat([String: URL])
        /// Nothing to grade, and why (for the gradebook's error row).
        case nothing(String)
    }

    /// The workspace in `folder` (a submission's entry, or the folder a zip unpacked to).
    func locate(_ folder: URL) -> Found {
        var current = folder
        for _ in 0...Self.wrappingDepth {
            let exercises = WorkbookLayout.workspace(in: current)
            if Self.isFolder(exercises), holdsExerciseFile(exercises) { return .workspace(exercises, repository: true) }
            if holdsExerciseFile(current) { return .workspace(current, repository: false) }
            let loose = flatFiles(in: current)
            if !loose.isEmpty { return .flat(loose) }
            // One folder inside (a zip of a folder, a checkout named after the assignment):
            // what it holds is the submission. Files beside it (a README) do not matter.
            let folders = Self.entries(of: current).filter { Self.isFolder(current.appendingPathComponent($0)) }
            guard folders.count == 1 else { break }
            current = current.appendingPathComponent(folders[0], isDirectory: true)
        }
        return .nothing(reasonForNothing(in: folder))
    }

    /// Whether any exercise file is in its chapter folder below `folder`.
    func holdsExerciseFile(_ folder: URL) -> Bool {
        places.values.joined().contains { Self.isFile(folder.appendingPathComponent($0)) }
    }

    /// Exercise files at the top of `folder` whose name belongs to one chapter only.
    func flatFiles(in folder: URL) -> [String: URL] {
        var found: [String: URL] = [:]
        for name in Self.entries(of: folder) {
            guard let place = places[name], place.count == 1, Self.isFile(folder.appendingPathComponent(name)) else { continue }
            found[place[0]] = folder.appendingPathComponent(name)
        }
        return found
    }

    /// "holds no exercise file: …", naming what the submission holds instead.
    func reasonForNothing(in folder: URL) -> String {
        let example = places.values.joined().sorted().first ?? "NN-slug/ExN_Name.swift"
        let inside = Self.entries(of: folder).map { Self.isFolder(folder.appendingPathComponent($0)) ? $0 + "/" : $0 }
        let shown = inside.prefix(6).joined(separator: ", ") + (inside.count > 6 ? ", and \(inside.count - 6) more" : "")
        let shared = Self.entries(of: folder).filter { (places[$0]?.count ?? 0) > 1 }
        var reason = "holds no exercise file (such as \(example), in its chapter folder or at the top of the "
            + "submission); it holds " + (inside.isEmpty ? "nothing" : shown)
        if !shared.isEmpty {
            reason += "; \(shared.joined(separator: ", ")) belongs to more than one chapter: put it in its chapter's folder"
        }
        return reason
    }

    /// The names in `folder` that are not hidden nor a Mac archiver's `__MACOSX/`.
    static func entries(of folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { !$0.hasPrefix(".") && $0 != "__MACOSX" }.sorted()
    }

    static func isFolder(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    static func isFile(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }

    /// A workspace made of the flat files: each copied into its chapter folder under
    /// `scratch`, once per content (the submission itself is never written).
    static func stage(_ files: [String: URL], name: String, scratch: URL) -> URL? {
        var hash = ContentHash()
        var contents: [(String, Data)] = []
        for (path, file) in files.sorted(by: { $0.key < $1.key }) {
            guard let data = FileManager.default.contents(atPath: file.path) else { return nil }
            hash.combine(path)
            hash.combine(data)
            contents.append((path, data))
        }
        let target = scratch.appendingPathComponent("\(name)-flat-\(hash.hex.prefix(16))", isDirectory: true)
        if isFolder(target) { return target }
        do {
            // Written in a scratch folder renamed into place (CacheEntry): another grading
            // that staged the same files meanwhile keeps its folder.
            return try CacheEntry.wholeFolder(target).produce { partial in
                for (path, data) in contents {
                    let url = partial.appendingPathComponent(path)
                    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try data.write(to: url)
                }
                return true
            }
        } catch {
            return isFolder(target) ? target : nil
        }
    }
}
