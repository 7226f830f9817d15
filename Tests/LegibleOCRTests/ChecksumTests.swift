import Foundation
import LegibleImage
import LegibleOCR
import Testing

/// SHA-256 through libcrypto (CryptoKit on Apple platforms) against the FIPS 180-4 vectors.
@Suite("Checksums")
struct ChecksumTests {
    @Test("SHA-256 matches the FIPS 180-4 test vectors")
    func fipsVectors() {
        #expect(Checksum.sha256Hex(of: Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(Checksum.sha256Hex(of: [UInt8]()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            Checksum.sha256Hex(of: Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test("a file hashes as its bytes, across the 1 MiB read chunks; a missing file has no checksum")
    func fileChecksum() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("legible-checksum-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: url) }
        let bytes = (0..<(3 << 20) + 17).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try Data(bytes).write(to: url)
        #expect(Checksum.sha256Hex(ofFileAt: url.path) == Checksum.sha256Hex(of: bytes))
        #expect(Checksum.sha256Hex(ofFileAt: url.path + ".missing") == nil)
    }
}
