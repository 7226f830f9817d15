import Foundation
import LegibleTestSupport
import Testing

@testable import LegibleLearning

/// What a trainer child runs with (`Docs/Learning.md`, "Matrices" and "Memory"): the BLAS
/// PyTorch multiplies with, and the allocator its tensors come from.
@Suite("the trainer's environment")
struct TrainerEnvironmentTests {
    /// A folder standing in for `/usr/lib/<arch>`: `libblas.so.3` linked to `target`.
    static func blasLink(to target: String?, in folder: URL) throws -> String {
        let link = folder.appendingPathComponent("libblas.so.3").path
        guard let target else { return link }
        let library = folder.appendingPathComponent(target)
        try FileManager.default.createDirectory(at: library.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("ELF".utf8).write(to: library)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: library.path)
        return link
    }

    @Test("the reference BLAS is told apart from an optimised one, through the alternatives' links")
    func matrixLibraries() throws {
        let folder = URL(fileURLWithPath: try temporaryFolder())
        let reference = folder.appendingPathComponent("reference")
        let openblas = folder.appendingPathComponent("openblas")
        let none = folder.appendingPathComponent("none")
        #expect(NetworkTrainer.matrixLibrary(link: try Self.blasLink(to: "blas/libblas.so.3", in: reference)) == .reference)
        let optimised = NetworkTrainer.matrixLibrary(link: try Self.blasLink(to: "openblas-openmp/libblas.so.3", in: openblas))
        guard case .optimised(let path) = optimised else {
            Issue.record("OpenBLAS read as \(optimised)")
            return
        }
        #expect(path.hasSuffix("/openblas-openmp/libblas.so.3"))
        #expect(NetworkTrainer.matrixLibrary(link: try Self.blasLink(to: nil, in: none)) == .missing)
    }

    @Test("where PyTorch is installed, it multiplies with an optimised BLAS, as Tools/install-dependencies sets it up")
    func thisMachine() {
        guard NetworkTrainerTests.available else { return }
        #expect(NetworkTrainer.matrixLibrary() != .reference, "\(NetworkTrainer.slowMatricesNote ?? "")")
        #expect(NetworkTrainer.matrixLibrary() != .missing)
        #expect(NetworkTrainer.slowMatricesNote == nil)
    }

    @Test("the child inherits nothing, and gets jemalloc keeping its pages, or glibc mapping large tensors")
    func environments() throws {
        let folder = URL(fileURLWithPath: try temporaryFolder())
        let library = folder.appendingPathComponent("libjemalloc.so.2")
        try Data("ELF".utf8).write(to: library)
        let with = NetworkTrainer.environment(home: "/work/t", jemalloc: library.path)
        #expect(with["LD_PRELOAD"] == library.path)
        #expect(with["MALLOC_CONF"] == "dirty_decay_ms:-1,muzzy_decay_ms:-1")
        #expect(with["MALLOC_MMAP_THRESHOLD_"] == nil)
        let without = NetworkTrainer.environment(home: "/work/t", jemalloc: folder.appendingPathComponent("gone.so").path)
        #expect(without["LD_PRELOAD"] == nil)
        #expect(without["MALLOC_MMAP_THRESHOLD_"] == "1048576")
        for environment in [with, without] {
            #expect(environment["HOME"] == "/work/t" && environment["PATH"] == "/usr/bin:/bin")
            #expect(environment["OMP_WAIT_POLICY"] == "PASSIVE")
            #expect(environment.keys.allSatisfy { !$0.hasPrefix("PYTHON") && $0 != "LD_LIBRARY_PATH" })
        }
    }

    @Test("where the trainer runs, jemalloc is installed, as Tools/install-dependencies sets it up")
    func jemallocHere() {
        guard NetworkTrainerTests.available else { return }
        #expect(FileManager.default.isReadableFile(atPath: NetworkTrainer.jemalloc))
    }
}
