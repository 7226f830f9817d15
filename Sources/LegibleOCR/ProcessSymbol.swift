import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// C functions looked up among the libraries already loaded in the process, for the few that
/// Swift's module maps do not import (`mallopt`, `malloc_trim`) or that Legible does not link
/// itself (libgomp's, loaded with libtesseract).
package enum ProcessSymbol {
    /// The C function `name` as `type` (a `@convention(c)` function type), or nil when no
    /// loaded library defines it.
    package static func function<Function>(_ name: String, as type: Function.Type) -> Function? {
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), name).map { unsafeBitCast($0, to: type) }
    }

    /// Hands the heap's free pages back to the system (glibc's `malloc_trim(0)`, which Swift's
    /// Glibc module does not import); nothing happens on a C library without it. Freed memory
    /// otherwise stays in the process and raises its peak when the next large buffers come.
    package static func handBackFreedMemory() {
        _ = trimMalloc?(0)
    }

    private static let trimMalloc = function("malloc_trim", as: (@convention(c) (Int) -> Int32).self)
}
