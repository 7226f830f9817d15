#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Caps on the calling process, set by a child that reads untrusted input before it reads it
/// (`Docs/PDF.md`, "Bounds on reading a page"; `Docs/Hardening.md`, "Models that crash
/// Tesseract"): a library that fails an allocation past the cap aborts the child, never its parent.
public enum ProcessLimits {
    /// Sets both the soft and the hard limit of the data segment (`RLIMIT_DATA`: heap and
    /// anonymous maps) to `memoryBytes`, and of processor time (`RLIMIT_CPU`) to `seconds`
    /// rounded up, plus one.
    public static func cap(memoryBytes: Int, seconds: Double) {
        #if canImport(Glibc)
            limit(Int32(RLIMIT_DATA.rawValue), to: rlim_t(memoryBytes))
            limit(Int32(RLIMIT_CPU.rawValue), to: rlim_t(seconds.rounded(.up)) + 1)
        #else
            limit(RLIMIT_DATA, to: rlim_t(memoryBytes))
            limit(RLIMIT_CPU, to: rlim_t(seconds.rounded(.up)) + 1)
        #endif
    }

    static func limit(_ resource: Int32, to value: rlim_t) {
        var bound = rlimit(rlim_cur: value, rlim_max: value)
        #if canImport(Glibc)
            setrlimit(__rlimit_resource_t(resource), &bound)
        #else
            setrlimit(resource, &bound)
        #endif
    }
}
