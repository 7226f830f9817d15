import Foundation
import Testing

@testable import LegibleBatch

#if canImport(Glibc)
    import Glibc
#endif

@Suite("the processors a process may use: its affinity and its control group's quota")
struct ProcessorsTests {
    @Test("Cpus_allowed_list is counted range by range; a list that does not parse is no answer")
    func allowedList() {
        #expect(Processors.allowed(status: "Name:\tx\nCpus_allowed:\t3\nCpus_allowed_list:\t0-1\n") == 2)
        #expect(Processors.allowed(status: "Cpus_allowed_list:\t0-3,8,10-11\n") == 7)
        #expect(Processors.allowed(status: "Cpus_allowed_list:\t5\n") == 1)
        #expect(Processors.allowed(status: "Cpus_allowed_list:\t3-1\n") == nil)
        #expect(Processors.allowed(status: "Cpus_allowed_list:\tx\n") == nil)
        #expect(Processors.allowed(status: "Cpus_allowed:\t3\n") == nil)
        #expect(Processors.allowed(status: "Cpus_allowed_list:\t0-9223372036854775807\n") == nil)
    }

    @Test("a quota is processors' worth of time a period, rounded up; none when unlimited")
    func quotas() {
        #expect(Processors.quota(cpuMax: "max 100000\n") == nil)
        #expect(Processors.quota(cpuMax: "150000 100000\n") == 2)
        #expect(Processors.quota(cpuMax: "20000 100000") == 1)
        #expect(Processors.quota(cfsQuota: "-1\n", cfsPeriod: "100000\n") == nil)
        #expect(Processors.quota(cfsQuota: "400000\n", cfsPeriod: "100000\n") == 4)
        #expect(Processors.quota(cfsQuota: "", cfsPeriod: "100000") == nil)
        // Numbers no kernel writes, which must not trap converting to Int.
        #expect(Processors.quota(cpuMax: "inf 100000") == nil)
        #expect(Processors.quota(cpuMax: "1e300 1") == nil)
        #expect(Processors.quota(cpuMax: "nan 100000") == nil)
    }

    @Test("a control group is read with every group above it, and never through . or ..")
    func groupFolders() {
        #expect(Processors.folders(from: "/a/b") == ["/a/b", "/a", ""])
        #expect(Processors.folders(from: "/") == [""])
        #expect(Processors.folders(from: "/a/../../etc").isEmpty)
        #expect(Processors.folders(from: "/./a").isEmpty)
    }

    #if canImport(Glibc)
        /// `sched_getaffinity` and `sched_setaffinity` (calling thread, mask size in bytes,
        /// mask), which Swift's Glibc module does not import.
        typealias Affinity = @convention(c) (pid_t, Int, UnsafeMutableRawPointer) -> Int32

        @Test("a thread pinned to one processor is told one, on a machine with more")
        func pinnedThread() throws {
            let online = ProcessInfo.processInfo.activeProcessorCount
            guard online > 1, Processors.usable > 1 else {
                print("skipped: this process may use one processor only, so pinning shows nothing")
                return
            }
            let get = try #require(dlsym(UnsafeMutableRawPointer(bitPattern: 0), "sched_getaffinity"))
            let set = try #require(dlsym(UnsafeMutableRawPointer(bitPattern: 0), "sched_setaffinity"))
            let (getAffinity, setAffinity) = (unsafeBitCast(get, to: Affinity.self), unsafeBitCast(set, to: Affinity.self))
            let seen = Seen()
            let done = DispatchSemaphore(value: 0)
            // A thread of its own, so that no other test's thread is pinned.
            let thread = Thread {
                var mask = [UInt8](repeating: 0, count: 128)
                if getAffinity(0, mask.count, &mask) == 0, let byte = mask.firstIndex(where: { $0 != 0 }) {
                    let bit = mask[byte].trailingZeroBitCount
                    var one = [UInt8](repeating: 0, count: 128)
                    one[byte] = 1 << bit
                    if setAffinity(0, one.count, &one) == 0 { seen.value = Processors.usable }
                }
                done.signal()
            }
            thread.start()
            done.wait()
            #expect(seen.value == 1)
        }
    #endif
}

/// What the pinned thread saw, handed back to the test.
private final class Seen: @unchecked Sendable {
    var value: Int?
}
