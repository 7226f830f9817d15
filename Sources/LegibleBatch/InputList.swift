/// Why an input list could not be read; `message` is one line for stderr.
public struct InputListError: Error, Equatable, Sendable {
    /// What was wrong, with the line number.
    public let message: String
}

/// `--inputs FILE`: one image path per line, for batches too long for an argument list
/// (`Docs/Cluster.md`, "Input lists").
///
/// Lines end with LF or CRLF; blank lines are skipped; everything else on a line, spaces
/// included, is the path. The list must be UTF-8 and hold no NUL, which no path can contain.
public enum InputList {
    /// The paths in `bytes`, in order.
    public static func parse(_ bytes: some BidirectionalCollection<UInt8>) throws(InputListError) -> [String] {
        var paths: [String] = []
        var number = 0
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            number += 1
            let content = line.last == UInt8(ascii: "\r") ? line.dropLast() : line[...]
            if content.isEmpty { continue }
            guard !content.contains(0) else { throw InputListError(message: "line \(number) holds a NUL byte, which no path can contain") }
            guard let path = String(validating: content, as: UTF8.self) else {
                throw InputListError(message: "line \(number) is not UTF-8")
            }
            paths.append(path)
        }
        return paths
    }
}
