import Foundation
import LegibleFuzzing

/// `legible-fuzz`: the fuzzing harnesses as one executable (`Docs/Hardening.md`, "Fuzzing").
/// The target comes from `LEGIBLE_FUZZ_TARGET` (image, document, layout, clippings).
///
/// Built by `Tools/fuzz` with `-sanitize=fuzzer,address -DLEGIBLE_LIBFUZZER`, libFuzzer
/// supplies `main` and calls `LLVMFuzzerTestOneInput`. Built plainly, `main` replays the files
/// named on the command line through the target, one by one.
#if LEGIBLE_LIBFUZZER
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
        FuzzSelection.target.run(Data(bytes: bytes, count: count))
        return 0
    }
#else
    @main
    struct Replay {
        static func main() {
            for path in CommandLine.arguments.dropFirst() {
                guard let data = FileManager.default.contents(atPath: path) else { continue }
                FuzzSelection.target.run(data)
            }
        }
    }
#endif

enum FuzzSelection {
    static let target: FuzzTarget = {
        let name = ProcessInfo.processInfo.environment["LEGIBLE_FUZZ_TARGET"] ?? ""
        guard let target = FuzzTarget(rawValue: name) else {
            let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
            FileHandle.standardError.write(Data("legible-fuzz: set LEGIBLE_FUZZ_TARGET to one of \(names)\n".utf8))
            exit(64)
        }
        return target
    }()
}
