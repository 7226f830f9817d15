import Foundation

extension NetworkTrainer {
    /// Debian's jemalloc (`libjemalloc2`) for this machine's architecture.
    public static var jemalloc: String { systemLibraries + "/libjemalloc.so.2" }

    /// The environment a trainer child runs in: nothing inherited, its home its own folder.
    ///
    /// Memory: a step's tensors change shape with the batch's lines, and glibc's heap fragments
    /// under them (the diary's trainer peaked at 3.77 GB in 20 steps). With jemalloc preloaded
    /// and keeping the pages it frees for reuse, the same 20 steps peak at 1.76 GB and take
    /// 37.7 s; glibc with every tensor of 1 MB or more mapped and unmapped (the fallback, when
    /// jemalloc is not installed) peaks at 1.24 GB but takes 80.8 s, faulting every page in
    /// again (`Docs/Learning.md`, "Memory").
    ///
    /// Threads: waiting threads sleep between operators rather than spin, the same time alone
    /// and a sixth less CPU, which other work on the machine gets.
    static func environment(home: String, jemalloc: String = jemalloc) -> [String: String] {
        var environment = [
            "PATH": "/usr/bin:/bin", "OMP_NUM_THREADS": "1", "LC_ALL": "C.UTF-8", "HOME": home, "OMP_WAIT_POLICY": "PASSIVE",
        ]
        if FileManager.default.isReadableFile(atPath: jemalloc) {
            environment["LD_PRELOAD"] = jemalloc
            environment["MALLOC_CONF"] = "dirty_decay_ms:-1,muzzy_decay_ms:-1"
        } else {
            environment["MALLOC_MMAP_THRESHOLD_"] = "1048576"
            environment["MALLOC_TRIM_THRESHOLD_"] = "16777216"
        }
        return environment
    }
}
