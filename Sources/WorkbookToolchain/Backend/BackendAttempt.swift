import Foundation

/// How the direct back end's try at a build ended.
public enum DirectAttempt<Product> {
    /// It built.
    case built(Product)
    /// A compile job failed; the failure holds its diagnostics and whether it was stopped
    /// at its time limit.
    case doesNotCompile(ModuleBuilder.BuildFailure)
    /// A job that compiles no code failed, or could not be set up (a link): never the
    /// code's doing.
    case backEndFailed

    /// The same ending, with the product made into another.
    public func map<Other>(_ transform: (Product) -> Other) -> DirectAttempt<Other> {
        switch self {
        case .built(let product): .built(transform(product))
        case .doesNotCompile(let failure): .doesNotCompile(failure)
        case .backEndFailed: .backEndFailed
        }
    }
}

extension DirectAttempt: Sendable where Product: Sendable {}

/// The seam between the build back ends (`BuildBackend`): every build that may go either
/// way — a module's whole-module compile, a snippet program, a test runner's link — is
/// one `build(direct:driver:)`, so when the driver redoes the direct back end's work is
/// decided here and nowhere else.
///
/// The direct try runs when there is one; the driver builds when there is none (the
/// `driver` back end, or commands that could not be learnt) and when the direct try
/// failed in a way that may be its own fault. A compile failure stands, and is thrown as
/// the driver's would be, when the compiler located an error in one of `sources`
/// (`DirectFailure`: a learner's real error costs no second compile) or the compile was
/// stopped at its time limit (nothing was learnt, and the driver would be stopped too).
package struct BackendAttempt: Sendable {
    /// The files the build compiles, as its diagnostics name them (absolute paths, or
    /// paths relative to the jobs' folder).
    public var sources: [String]

    public init(sources: [String]) {
        self.sources = sources
    }

    /// Whether a failed direct compile's verdict stands (true), or the driver builds again.
    public func stands(_ failure: ModuleBuilder.BuildFailure) -> Bool {
        failure.timedOut || DirectFailure.isInSources(failure.diagnostics, sources: sources)
    }

    /// The product of `direct`'s try, or of `driver`'s when there was no direct try or it
    /// failed in a way that does not stand. A compile failure that stands is thrown;
    /// errors either one throws are passed on.
    public func build<Product>(direct: (() throws -> DirectAttempt<Product>)?, driver: () throws -> Product) throws -> Product {
        guard let direct else { return try driver() }
        switch try direct() {
        case .built(let product):
            return product
        case .doesNotCompile(let failure) where stands(failure):
            throw failure
        case .doesNotCompile, .backEndFailed:
            return try driver()
        }
    }
}
