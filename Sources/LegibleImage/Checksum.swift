import Foundation
import LegibleSystem

#if canImport(CryptoKit)
    import CryptoKit
#else
    import CCrypto
#endif

/// SHA-256 checksums of images, language models and layout files, as lower-case hex. They tie a
/// page document to the exact bytes it came from (`Docs/CLI.md`, "Up to date"). The digest
/// comes from a well-kept library: CryptoKit where it exists, libcrypto (OpenSSL's EVP API)
/// on Linux, behind the one internal function ``digest(_:)``.
public enum Checksum {
    /// The SHA-256 of `bytes`.
    public static func sha256Hex<Bytes: Collection>(of bytes: Bytes) -> String where Bytes.Element == UInt8 {
        hex(digest { update in Array(bytes).withUnsafeBytes { update($0) } })
    }

    /// The SHA-256 of a file, read in 1 MiB chunks; `nil` when it cannot be read.
    public static func sha256Hex(ofFileAt path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        var failed = false
        let value = digest { update in
            do {
                // `read(upToCount:)` gives nil or empty data at the end of the file.
                while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
                    chunk.withUnsafeBytes { update($0) }
                }
            } catch {
                failed = true
            }
        }
        return failed ? nil : hex(value)
    }

    /// The SHA-256 of a file opened to be loaded, read from its descriptor, so that the digest
    /// is of the bytes that will be loaded (`Docs/Hardening.md`, "What is loaded is what was
    /// checked").
    /// - Throws: the file's refusal when a read fails.
    public static func sha256Hex(of file: TrustedFile) throws(TrustedFile.Refusal) -> String {
        var failure: TrustedFile.Refusal?
        let value = digest { update in
            do throws(TrustedFile.Refusal) {
                try file.chunks(update)
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        return hex(value)
    }

    static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    /// The SHA-256 of everything `feed` passes to its `update` closure, in order.
    static func digest(_ feed: ((UnsafeRawBufferPointer) -> Void) -> Void) -> [UInt8] {
        #if canImport(CryptoKit)
            var hasher = SHA256()
            feed { hasher.update(bufferPointer: $0) }
            return Array(hasher.finalize())
        #else
            guard let context = EVP_MD_CTX_new() else { preconditionFailure("libcrypto could not allocate a digest context") }
            defer { EVP_MD_CTX_free(context) }
            guard EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1 else { preconditionFailure("libcrypto has no SHA-256") }
            feed { _ = EVP_DigestUpdate(context, $0.baseAddress, $0.count) }
            var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
            var length: UInt32 = 0
            _ = EVP_DigestFinal_ex(context, &output, &length)
            return Array(output.prefix(Int(length)))
        #endif
    }
}
