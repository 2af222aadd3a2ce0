import Foundation
import WorkbookModel
import WorkbookSystem

/// Writes a release's files into its folder: into a scratch folder beside it first, then
/// renamed into place, so a release is never half written. The folder must be new, empty,
/// or an earlier release (its `workbook-release.json`); an earlier release is replaced,
/// its `.git` kept, so the teacher commits the update to the same template repository.
public enum ReleaseWriter {
    public struct Written: Sendable, Equatable {
        public var files: Int
        public var bytes: Int
        public var replacedEarlier: Bool
        /// The earlier release's `.git`, moved into the new one.
        public var keptGit: Bool = false
    }

    public static func write(_ manifest: ReleaseManifest, to folder: URL) throws -> Written {
        let manager = FileManager.default
        let folder = folder.standardizedFileURL
        var isFolder: ObjCBool = false
        let exists = manager.fileExists(atPath: folder.path, isDirectory: &isFolder)
        var earlier = false
        if exists {
            guard isFolder.boolValue else {
                throw WorkbookError.cannotWrite(path: folder.path, reason: "it is a file; name a new or empty folder for the release")
            }
            let contents = (try? manager.contentsOfDirectory(atPath: folder.path)) ?? []
            earlier = ReleaseMarker.read(at: folder) != nil
            if !contents.isEmpty, !earlier {
                throw WorkbookError.cannotWrite(
                    path: folder.path,
                    reason: "the folder is not empty and is not an earlier release (it has no \(ReleaseMarker.fileName)); name a new or empty folder")
            }
        }
        let parent = folder.deletingLastPathComponent()
        try manager.createDirectory(at: parent, withIntermediateDirectories: true)
        let scratch = parent.appendingPathComponent(".\(folder.lastPathComponent).release-\(getpid())-\(UUID().uuidString.prefix(8))")
        try? manager.removeItem(at: scratch)
        defer { try? manager.removeItem(at: scratch) }
        var bytes = 0
        for entry in manifest.entries {
            let data = try entry.data()
            bytes += data.count
            let target = scratch.appendingPathComponent(entry.path)
            try manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            guard manager.createFile(atPath: target.path, contents: data) else {
                throw WorkbookError.cannotWrite(path: target.path, reason: "the file could not be created")
            }
            // Scripts stay runnable (a copied one keeps its mode).
            if case .copy(let source) = entry.content, manager.isExecutableFile(atPath: source.path) {
                try? manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: target.path)
            }
        }
        let marker = manifest.marker.encoded()
        guard manager.createFile(atPath: scratch.appendingPathComponent(ReleaseMarker.fileName).path, contents: marker) else {
            throw WorkbookError.cannotWrite(path: scratch.path, reason: "\(ReleaseMarker.fileName) could not be created")
        }
        var keptGit = false
        if exists {
            // An earlier release's history stays with it.
            let git = folder.appendingPathComponent(".git")
            if manager.fileExists(atPath: git.path) {
                try manager.moveItem(at: git, to: scratch.appendingPathComponent(".git"))
                keptGit = true
            }
            try manager.removeItem(at: folder)
        }
        try manager.moveItem(at: scratch, to: folder)
        return Written(files: manifest.entries.count + 1, bytes: bytes + marker.count, replacedEarlier: earlier, keptGit: keptGit)
    }
}
