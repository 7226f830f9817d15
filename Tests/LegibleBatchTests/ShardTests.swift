import LegibleBatch
import Testing

@Suite("Shards")
struct ShardTests {
    /// Reference values from an independent implementation of FNV-1a 64 + SplitMix64's
    /// finaliser (Python, three lines): a change to the hash would move every page of an
    /// archive already split to another shard.
    @Test(
        "the hash of a path is the published FNV-1a + SplitMix64 value",
        arguments: [
            ("", 0xf52a_15e9_a9b5_e89b as UInt64), ("a/p1.png", 0xf010_4eac_54e8_d28f), ("Scans/chicago-1.png", 0xce4f_8cab_3f91_53d5),
            ("cahier/é.png", 0x651f_3652_4946_ed72),
        ])
    func referenceValues(key: String, hash: UInt64) {
        #expect(StableHash.of(key) == hash)
    }

    static let paths = (0..<10_000).map { "archive/box-\($0 / 500)/notebook-\($0 / 40)/page-\($0 % 40).png" }

    /// `contains` is defined through `index(of:count:)`, so "exactly one" holds by
    /// construction; what can fail is a hash that leaves a shard empty (a collapsed low bit).
    @Test("every one of 10,000 paths lies in exactly one shard, and no shard is left empty", arguments: [1, 3, 4, 7])
    func exactlyOne(count: Int) {
        var used = Set<Int>()
        for path in Self.paths {
            let owners = (0..<count).filter { Shard(index: $0, count: count)!.contains(key: path) }
            #expect(owners == [Shard.index(of: path, count: count)])
            used.formUnion(owners)
        }
        #expect(used == Set(0..<count))
    }

    @Test("10,000 similar paths split within ±10 % of even", arguments: [2, 3, 4, 8, 16])
    func balance(count: Int) {
        var sizes = [Int](repeating: 0, count: count)
        for path in Self.paths { sizes[Shard.index(of: path, count: count)] += 1 }
        let even = Double(Self.paths.count) / Double(count)
        for size in sizes { #expect(abs(Double(size) - even) <= 0.1 * even, "shard sizes \(sizes)") }
    }

    @Test("K/N is read with 0 <= K < N")
    func parsing() throws {
        #expect(try Shard.parse("0/4") == Shard(index: 0, count: 4))
        #expect(try Shard.parse("3/4").index == 3)
        for bad in ["4/4", "-1/4", "1/0", "1", "a/4", "1/4/2", " 1/4", "1/", "/4", "1/10000001", "+1/4"] {
            #expect(throws: ShardError.self, "\(bad)") { try Shard.parse(bad) }
        }
    }
}

@Suite("Shards from the scheduler's environment")
struct ShardEnvironmentTests {
    @Test("a Slurm array task's index counts from the array's minimum, its count from the array")
    func slurm() throws {
        let task = ["SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_MIN": "3", "SLURM_ARRAY_TASK_MAX": "10", "SLURM_ARRAY_TASK_COUNT": "8"]
        #expect(try Shard.fromEnvironment(task) == Shard(index: 2, count: 8))
        let noCount = task.filter { $0.key != "SLURM_ARRAY_TASK_COUNT" }
        #expect(try Shard.fromEnvironment(noCount) == Shard(index: 2, count: 8))
        let stepped = ["SLURM_ARRAY_TASK_ID": "7", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_MAX": "9", "SLURM_ARRAY_TASK_STEP": "2"]
        #expect(try Shard.fromEnvironment(stepped) == Shard(index: 3, count: 5))
    }

    @Test("a Slurm array that is a list, not one range, is refused")
    func slurmList() {
        // --array=0,5,9: COUNT 3, MAX 9, so task 9 would be shard 9 of 3.
        let list = ["SLURM_ARRAY_TASK_ID": "9", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_MAX": "9", "SLURM_ARRAY_TASK_COUNT": "3"]
        #expect(throws: ShardError.self) { try Shard.fromEnvironment(list) }
    }

    @Test("a resubmitted Slurm task told the whole count takes its ID as the shard index")
    func slurmResubmitted() throws {
        // sbatch --array=1,3 with LEGIBLE_SHARD_COUNT=4: MIN 1, MAX 3, COUNT 2.
        let task = ["SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_MAX": "3", "SLURM_ARRAY_TASK_COUNT": "2"]
        #expect(try Shard.fromEnvironment(task.merging(["LEGIBLE_SHARD_COUNT": "4"]) { $1 }) == Shard(index: 3, count: 4))
        #expect(try Shard.fromEnvironment(task, count: 4) == Shard(index: 3, count: 4))
        #expect(throws: ShardError.self) { try Shard.fromEnvironment(task, count: 3) }
    }

    @Test("a Kubernetes pod's index needs the count from the flag or LEGIBLE_SHARD_COUNT")
    func kubernetes() throws {
        #expect(try Shard.fromEnvironment(["JOB_COMPLETION_INDEX": "2"], count: 4) == Shard(index: 2, count: 4))
        #expect(try Shard.fromEnvironment(["JOB_COMPLETION_INDEX": "2", "LEGIBLE_SHARD_COUNT": "3"]) == Shard(index: 2, count: 3))
        #expect(throws: ShardError.self) { try Shard.fromEnvironment(["JOB_COMPLETION_INDEX": "2"]) }
        #expect(throws: ShardError.self) { try Shard.fromEnvironment(["JOB_COMPLETION_INDEX": "4", "LEGIBLE_SHARD_COUNT": "4"]) }
        #expect(throws: ShardError.self) { try Shard.fromEnvironment(["JOB_COMPLETION_INDEX": "x", "LEGIBLE_SHARD_COUNT": "4"]) }
    }

    @Test("no scheduler variables is an error naming both")
    func none() {
        #expect(throws: ShardError.self) { try Shard.fromEnvironment(["HOME": "/root"]) }
    }
}

@Suite("Shard keys")
struct ShardKeyTests {
    @Test("the same image named three ways has one key")
    func sameKey() {
        #expect(ShardKey.key(of: "/data/scans/a/p1.png", root: "/data/scans", currentFolder: "/") == "a/p1.png")
        #expect(ShardKey.key(of: "a/./p1.png", root: ".", currentFolder: "/data/scans") == "a/p1.png")
        #expect(ShardKey.key(of: "../scans/a//p1.png", root: "/data/scans/", currentFolder: "/data/other") == "a/p1.png")
    }

    @Test("page keys never collide: a file name holding `#` or `%` is encoded, so only a PDF's page ends in an unencoded #pN")
    func pageKeysDistinct() {
        let pages: [(String, Int?)] = [
            ("scan.pdf", 1), ("scan.pdf#p1", nil), ("scan.pdf%23p1", nil), ("scan.pdf#p1", 1), ("scan.pdf", nil), ("a#b/c.png", nil),
            ("a%23b/c.png", nil), ("scan.pdf", 11), ("scan.pdf#p1", 1), ("x%", nil), ("x%25", nil),
        ]
        var seen: [String: (String, Int?)] = [:]
        for (file, page) in pages {
            let key = ShardKey.pageKey(file, pdfPage: page)
            if let earlier = seen[key] {
                #expect(
                    earlier.0 == file && earlier.1 == page, "\(file) page \(page.map(String.init) ?? "-") shares \(key) with \(earlier)")
            }
            seen[key] = (file, page)
        }
        #expect(seen.count == 10)
        #expect(ShardKey.pageKey("scans/a.pdf", pdfPage: 3) == "scans/a.pdf#p3")
    }

    @Test("an image outside the root, or the root itself, has no key")
    func outside() {
        #expect(ShardKey.key(of: "/data/other/p1.png", root: "/data/scans", currentFolder: "/") == nil)
        #expect(ShardKey.key(of: "/data/scansX/p1.png", root: "/data/scans", currentFolder: "/") == nil)
        #expect(ShardKey.key(of: "/data/scans", root: "/data/scans", currentFolder: "/") == nil)
        #expect(ShardKey.key(of: "../p1.png", root: ".", currentFolder: "/data") == nil)
    }
}

@Suite("Input lists")
struct InputListTests {
    @Test("one path per line, LF or CRLF, blank lines skipped, spaces kept")
    func lines() throws {
        let text = "a.png\r\n\n my page.png \nb/c.png"
        #expect(try InputList.parse(Array(text.utf8)) == ["a.png", " my page.png ", "b/c.png"])
        #expect(try InputList.parse([]) == [])
    }

    @Test("a NUL byte or bytes that are not UTF-8 are refused with the line")
    func bad() {
        let nul = #expect(throws: InputListError.self) { try InputList.parse(Array("a.png\nb\0.png\n".utf8)) }
        #expect(nul?.message == "line 2 holds a NUL byte, which no path can contain")
        let latin = #expect(throws: InputListError.self) { try InputList.parse([0xff, 0x2e]) }
        #expect(latin?.message == "line 1 is not UTF-8")
    }
}
