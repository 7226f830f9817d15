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
}
