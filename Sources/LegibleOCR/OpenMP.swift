// The one door to libgomp, the OpenMP runtime Debian's Tesseract is built with. Legible does not
// link it: its functions are looked up in the process (``ProcessSymbol``), where libtesseract
// has loaded it.
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Keeps Tesseract's OpenMP regions on the calling thread (`Docs/Platform.md`, "C library pitfalls").
enum OpenMP {
    private static let setMaxActiveLevels = ProcessSymbol.function(
        "omp_set_max_active_levels", as: (@convention(c) (Int32) -> Void).self)
    private static let getMaxActiveLevels = ProcessSymbol.function("omp_get_max_active_levels", as: (@convention(c) () -> Int32).self)

    /// Whoever set `OMP_THREAD_LIMIT` before the process started chose the threads themselves.
    private static let userChoseThreads = getenv("OMP_THREAD_LIMIT") != nil

    /// Makes every OpenMP region this thread starts run on this thread alone, as
    /// `OMP_THREAD_LIMIT=1` does for a whole process when it is set before the process starts.
    /// libgomp keeps this setting per thread, so each thread that recognises calls this; it is
    /// cheap.
    static func runRegionsOnCallingThread() {
        guard !userChoseThreads else { return }
        setMaxActiveLevels?(0)
    }

    /// How many nested OpenMP regions may run on more than one thread, as this thread sees it
    /// (0: every region runs on the thread that starts it); nil without an OpenMP runtime.
    static var maxActiveLevelsOnCallingThread: Int? { getMaxActiveLevels.map { Int($0()) } }

}
