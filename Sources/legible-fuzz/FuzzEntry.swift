import Foundation
import LegibleFuzzing

/// `legible-fuzz`: the fuzzing harnesses as one executable (`Docs/Hardening.md`, "Fuzzing").
/// The target comes from `LEGIBLE_FUZZ_TARGET` (image, document, layout, clippings).
///
/// Built by `Tools/fuzz` with `-sanitize=fuzzer,address -DLEGIBLE_LIBFUZZER`, `main` hands the
/// command line to libFuzzer's driver (`LLVMFuzzerRunDriver`): SwiftPM names an executable's
/// entry point itself, so libFuzzer's own `main` cannot be used. Built plainly, `main` replays
/// the files named on the command line through the target, one by one.
@main
struct FuzzEntry {
    static func main() {
        #if LEGIBLE_LIBFUZZER
            var argc = CommandLine.argc
            var argv = CommandLine.unsafeArgv
            exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzOneInput))
        #else
            for path in CommandLine.arguments.dropFirst() {
                guard let data = FileManager.default.contents(atPath: path) else { continue }
                FuzzSelection.target.run(data)
            }
        #endif
    }
}

#if LEGIBLE_LIBFUZZER
    @_silgen_name("LLVMFuzzerRunDriver")
    func LLVMFuzzerRunDriver(
        _ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
    ) -> Int32

    /// One input, as libFuzzer calls it.
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
        let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
        FuzzSelection.target.run(data)
        return 0
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
