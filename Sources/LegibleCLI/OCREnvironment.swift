import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Sets the process environment OCR needs and re-executes once, because both settings are
/// read when the process starts:
/// - `OMP_THREAD_LIMIT=1`: Debian's Tesseract uses OpenMP, which on 2 cores runs about 3×
///   slower unless this is set before launch; setting it later has no effect (`Docs/Platform.md`,
///   "C library pitfalls").
/// - `GLIBC_TUNABLES`, which sets malloc's mmap threshold, for speed or for memory:
///   - for batches, raised with the trim threshold to 64/128 MiB: every page allocates and
///     frees images of several MB, which glibc otherwise maps and unmaps each time. Measured on
///     40 pages: `--jobs 2` spent 1.79 s in the kernel (0.23 s tuned) and reached only 1.39×
///     the throughput of `--jobs 1` (1.83× tuned).
///   - for a single page, fixed at glibc's default of 128 KiB. Left dynamic, glibc raises it
///     to the size of the first image freed, so later images come from the heap and their
///     memory is kept after they are freed. Fixed, each is returned: the peak of one page fell
///     from 65–67 MB to 59–60 MB (`Scans/breip-plain.png`, `chicago-2.png`) at the same speed.
func prepareOCREnvironment(batch: Bool) {
    guard getenv("LEGIBLE_REEXECUTED") == nil else { return }
    var changed = false
    if getenv("OMP_THREAD_LIMIT") == nil {
        setenv("OMP_THREAD_LIMIT", "1", 1)
        changed = true
    }
    if getenv("GLIBC_TUNABLES") == nil {
        let tunables =
            batch ? "glibc.malloc.mmap_threshold=67108864:glibc.malloc.trim_threshold=134217728" : "glibc.malloc.mmap_threshold=131072"
        setenv("GLIBC_TUNABLES", tunables, 1)
        changed = true
    }
    guard changed else { return }
    setenv("LEGIBLE_REEXECUTED", "1", 1)
    var cArguments = CommandLine.arguments.map { strdup($0) } + [nil]
    Console.restoreForExec()
    execv("/proc/self/exe", &cArguments)
    // execv only returns on failure: carry on, just slower, with library chatter silenced again.
    Console.start()
}
