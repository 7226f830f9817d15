import Foundation
import LegibleOCR

#if canImport(Glibc)
    import Glibc
#endif

/// Sets malloc's thresholds for OCR in this process, for speed or for memory
/// (`Docs/Recognition.md`, "Speed and memory"). `mallopt` fixes them as the `GLIBC_TUNABLES`
/// of the same names would at start-up, without re-executing; tunables the user set are kept.
/// - For batches, the mmap threshold is raised to 64 MiB and the trim threshold to 128 MiB:
///   every page allocates and frees images of several MB, which glibc otherwise maps and unmaps
///   each time.
/// - For a single page, the mmap threshold is fixed at glibc's default of 128 KiB. Left
///   dynamic, glibc raises it to the size of the first image freed, so later images come from
///   the heap and their memory is kept after they are freed.
/// - Malloc keeps no more heaps (arenas) than there are `workers`. A page is read on more than
///   one thread (the engine loader, the handwriting reader's), and each thread that allocates
///   would otherwise get a heap of its own, holding what it freed: with the handwriting reader,
///   a batch on one worker peaked a quarter higher.
///
/// What each setting measured is in `Docs/Recognition.md`, "Speed and memory".
///
/// OpenMP needs nothing here: the recogniser keeps Tesseract's regions on its own thread
/// (`Docs/Platform.md`, "C library pitfalls").
///
/// This changes the whole process, so only a program's entry point calls it, before any
/// engine is made; `environment` is the process's (tunables the user set there win).
public func tuneMallocForOCR(batch: Bool, workers: Int, environment: [String: String]) {
    guard environment["GLIBC_TUNABLES"] == nil else { return }
    if batch {
        Malloc.set(Malloc.mmapThreshold, to: 64 << 20)
        Malloc.set(Malloc.trimThreshold, to: 128 << 20)
    } else {
        Malloc.set(Malloc.mmapThreshold, to: 128 << 10)
    }
    Malloc.set(Malloc.arenaMax, to: Int32(clamping: max(workers, 1)))
}

/// glibc's `mallopt`, which Swift's Glibc module does not import (`<malloc.h>` is not in it).
enum Malloc {
    /// `M_TRIM_THRESHOLD`, `M_MMAP_THRESHOLD` and `M_ARENA_MAX` of `<malloc.h>`.
    static let trimThreshold: Int32 = -1
    static let mmapThreshold: Int32 = -3
    static let arenaMax: Int32 = -8

    private static let mallopt = ProcessSymbol.function("mallopt", as: (@convention(c) (Int32, Int32) -> Int32).self)

    /// Sets `parameter` to `value` (bytes for the thresholds, a count for the arenas); nothing
    /// happens on a C library without `mallopt`.
    static func set(_ parameter: Int32, to value: Int32) {
        _ = mallopt?(parameter, value)
    }
}
