import Foundation

extension NetworkTrainer {
    /// The library Debian's PyTorch multiplies matrices with. It is built against the generic
    /// `libblas.so.3`, which Debian's alternatives point at the best BLAS installed: the
    /// reference one (`libblas3`, one thread, unoptimised) when no other is. The network's last
    /// layer (120 features onto 18,710 classes) is two thirds of a training step with it, and a
    /// step takes 3.4 times as long as with OpenBLAS (`Docs/Learning.md`, "Matrices").
    public enum MatrixLibrary: Sendable, Equatable {
        /// Debian's reference BLAS.
        case reference
        /// Another BLAS (OpenBLAS, BLIS, ATLAS), at this path.
        case optimised(String)
        /// No `libblas.so.3` at all (PyTorch is then missing too).
        case missing
    }

    /// Debian's folder of shared libraries for this machine's architecture (its multiarch
    /// triplet), where the BLAS link and jemalloc are installed.
    static var systemLibraries: String {
        #if arch(arm64)
            "/usr/lib/aarch64-linux-gnu"
        #else
            "/usr/lib/x86_64-linux-gnu"
        #endif
    }

    /// The generic BLAS link of this machine's architecture, as the dynamic loader finds it.
    public static var blasLink: String { systemLibraries + "/libblas.so.3" }

    /// The library `link` resolves to: the reference BLAS when it lies in a folder named
    /// `blas`, as `libblas3` installs it.
    public static func matrixLibrary(link: String = blasLink) -> MatrixLibrary {
        guard let resolved = realpath(link, nil) else { return .missing }
        defer { free(resolved) }
        let path = String(cString: resolved)
        return URL(fileURLWithPath: path).deletingLastPathComponent().lastPathComponent == "blas" ? .reference : .optimised(path)
    }

    /// One line for a person to act on when the trainer would multiply with the reference BLAS,
    /// else nil.
    public static var slowMatricesNote: String? {
        guard matrixLibrary() == .reference else { return nil }
        return "PyTorch multiplies matrices with Debian's reference BLAS here, so training takes about 3 times as long;"
            + " install libopenblas0-openmp (Tools/install-dependencies)"
    }
}
