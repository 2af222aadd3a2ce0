import Foundation

/// What grading a mutant showed.
public struct MutantOutcome: Sendable, Equatable, Codable {
    public enum Status: String, Sendable, Equatable, Codable {
        /// Caught: a test failed.
        case failed
        /// Caught: the tests' process died.
        case crashed
        /// Caught: the tests ran past the time limit.
        case timedOut = "timed-out"
        /// The mutant is not a program: it tells nothing about the tests.
        case didNotCompile = "did-not-compile"
        /// Every test passed with the mistake in place.
        case survived

        package var isCaught: Bool { self == .failed || self == .crashed || self == .timedOut }
    }

    public var status: Status
    /// The first failing test, or the first line of the reason.
    public var detail: String
}

/// One mutant and what became of it.
public struct MutantResult: Sendable, Equatable, Codable {
    public var mutant: Mutant
    public var outcome: MutantOutcome
    /// For a survivor in the chapter's accepted list: why it is acceptable.
    package var acceptedBecause: String?

    package var isSurvivor: Bool { outcome.status == .survived && acceptedBecause == nil }
}

/// A chapter's mutants, counted the way an author reads them.
public struct ChapterMutationReport: Sendable, Equatable, Codable {
    public var chapter: Int
    public var title: String
    /// How many mutants the operators made (more than were tried when sampling).
    public var generated: Int
    public var results: [MutantResult]
    /// Accepted-list entries that match no survivor (the line moved, or a test now catches it).
    public var staleAcceptances: [String]

    public init(chapter: Int, title: String, generated: Int, results: [MutantResult], staleAcceptances: [String]) {
        self.chapter = chapter
        self.title = title
        self.generated = generated
        self.results = results
        self.staleAcceptances = staleAcceptances
    }

    public var tried: Int { results.count }
    public func count(_ status: MutantOutcome.Status) -> Int { results.filter { $0.outcome.status == status }.count }
    public var caught: Int { results.filter(\.outcome.status.isCaught).count }
    public var accepted: Int { results.filter { $0.acceptedBecause != nil }.count }
    public var survivors: [MutantResult] { results.filter(\.isSurvivor) }

    /// Caught, as a share of the mutants that compile and are not accepted (100 when none).
    public var score: Double {
        let counted = caught + survivors.count
        return counted == 0 ? 100 : 100 * Double(caught) / Double(counted)
    }

    /// The score, truncated to one decimal, as reports print it (never rounded up to a floor).
    public var scoreText: String {
        String(format: "%.1f%%", (score * 10).rounded(.down) / 10)
    }
}

extension ChapterMutationReport {
    enum CodingKeys: String, CodingKey {
        case chapter, title, generated, tried, caught, failed, crashed, timedOut, didNotCompile, accepted, survived, score
        case survivors, acceptedMutants, staleAcceptances, results
    }

    /// One survivor or accepted mutant, flat, for `--format json`.
    struct Row: Codable {
        var exercise: String
        var file: String
        var line: Int
        var `operator`: String
        var key: String
        var diff: String
        var reason: String?
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(chapter, forKey: .chapter)
        try container.encode(title, forKey: .title)
        try container.encode(generated, forKey: .generated)
        try container.encode(tried, forKey: .tried)
        try container.encode(caught, forKey: .caught)
        try container.encode(count(.failed), forKey: .failed)
        try container.encode(count(.crashed), forKey: .crashed)
        try container.encode(count(.timedOut), forKey: .timedOut)
        try container.encode(count(.didNotCompile), forKey: .didNotCompile)
        try container.encode(accepted, forKey: .accepted)
        try container.encode(survivors.count, forKey: .survived)
        try container.encode((score * 10).rounded(.down) / 10, forKey: .score)
        func row(_ result: MutantResult) -> Row {
            Row(exercise: result.mutant.exercise, file: result.mutant.file, line: result.mutant.line,
                operator: result.mutant.operatorName, key: result.mutant.key, diff: result.mutant.diff, reason: result.acceptedBecause)
        }
        try container.encode(survivors.map(row), forKey: .survivors)
        try container.encode(results.filter { $0.acceptedBecause != nil }.map(row), forKey: .acceptedMutants)
        try container.encode(staleAcceptances, forKey: .staleAcceptances)
        try container.encode(results, forKey: .results)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        chapter = try container.decode(Int.self, forKey: .chapter)
        title = try container.decode(String.self, forKey: .title)
        generated = try container.decode(Int.self, forKey: .generated)
        results = try container.decode([MutantResult].self, forKey: .results)
        staleAcceptances = try container.decode([String].self, forKey: .staleAcceptances)
    }
}
