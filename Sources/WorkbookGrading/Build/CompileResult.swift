import WorkbookToolchain

/// What a compile or link step made, or the compiler's diagnostics.
enum CompileResult<T> {
    case success(T)
    case failure(CompilerDiagnostics)

    func map<U>(_ transform: (T) -> U) -> CompileResult<U> {
        switch self {
        case .success(let value): return .success(transform(value))
        case .failure(let diagnostics): return .failure(diagnostics)
        }
    }
}
