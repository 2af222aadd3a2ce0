/// What a compile or link step made, or the compiler's (or linker's) diagnostics: the one
/// shape of "built, or why not" from the back end up to grading and snippets.
package enum BuildResult<Product> {
    case success(Product)
    case failure(CompilerDiagnostics)

    package func map<U>(_ transform: (Product) -> U) -> BuildResult<U> {
        switch self {
        case .success(let value): return .success(transform(value))
        case .failure(let diagnostics): return .failure(diagnostics)
        }
    }

    /// The product, when it was made.
    package var product: Product? {
        if case .success(let product) = self { return product }
        return nil
    }

    /// The diagnostics, when it was not.
    package var diagnostics: CompilerDiagnostics? {
        if case .failure(let diagnostics) = self { return diagnostics }
        return nil
    }
}

extension BuildResult: Sendable where Product: Sendable {}
