import Foundation

/// SHA-256 (FIPS 180-4) of bytes, as lower-case hex. Foundation on Linux has no hashing, and
/// the package depends on nothing outside the toolchain and the system libraries, so this small
/// implementation is ours; it is checked against the standard test vectors in
/// `LegibleLayoutTests`.
public enum SHA256 {
    fileprivate static let k: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]

    /// The hex digest of `bytes`, hashed in place (no copy of the input).
    public static func hex<Bytes: Collection>(of bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var hasher = Hasher()
        if bytes.withContiguousStorageIfAvailable({ hasher.update($0) }) == nil {
            Array(bytes).withUnsafeBufferPointer { hasher.update($0) }
        }
        return hasher.finalize()
    }

    /// The hex digest of a file, read in 1 MiB pieces so large files (a 4 MB language model)
    /// never sit in memory whole. `nil` when the file cannot be read.
    public static func hex(ofFileAt path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        var hasher = Hasher()
        while let chunk = try? handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            chunk.withUnsafeBytes { hasher.update($0.bindMemory(to: UInt8.self)) }
        }
        return hasher.finalize()
    }

    /// An incremental SHA-256: feed bytes with `update`, read the digest with `finalize`.
    public struct Hasher {
        private var state: [UInt32] = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]
        private var pending: [UInt8] = []
        private var length: UInt64 = 0
        private var schedule = [UInt32](repeating: 0, count: 64)

        /// A hasher with no input yet.
        public init() {}

        /// Adds bytes to the message.
        public mutating func update(_ bytes: UnsafeBufferPointer<UInt8>) {
            length += UInt64(bytes.count)
            var index = 0
            if !pending.isEmpty {
                while index < bytes.count && pending.count < 64 {
                    pending.append(bytes[index])
                    index += 1
                }
                if pending.count == 64 {
                    let block = pending
                    pending.removeAll(keepingCapacity: true)
                    block.withUnsafeBufferPointer { compress($0, at: 0) }
                }
            }
            while index + 64 <= bytes.count {
                compress(bytes, at: index)
                index += 64
            }
            while index < bytes.count {
                pending.append(bytes[index])
                index += 1
            }
        }

        /// Pads the message and returns the lower-case hex digest.
        public mutating func finalize() -> String {
            let bitLength = length &* 8
            var tail = pending
            tail.append(0x80)
            while tail.count % 64 != 56 { tail.append(0) }
            for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
            tail.withUnsafeBufferPointer { buffer in
                var offset = 0
                while offset < buffer.count {
                    compress(buffer, at: offset)
                    offset += 64
                }
            }
            let digits = Array("0123456789abcdef")
            var out = ""
            for word in state {
                for shift in stride(from: 28, through: 0, by: -4) { out.append(digits[Int((word >> UInt32(shift)) & 0xF)]) }
            }
            return out
        }

        private mutating func compress(_ bytes: UnsafeBufferPointer<UInt8>, at chunk: Int) {
            for i in 0..<16 {
                let j = chunk + i * 4
                schedule[i] = UInt32(bytes[j]) << 24 | UInt32(bytes[j + 1]) << 16 | UInt32(bytes[j + 2]) << 8 | UInt32(bytes[j + 3])
            }
            for i in 16..<64 {
                let s0 = rotate(schedule[i - 15], 7) ^ rotate(schedule[i - 15], 18) ^ (schedule[i - 15] >> 3)
                let s1 = rotate(schedule[i - 2], 17) ^ rotate(schedule[i - 2], 19) ^ (schedule[i - 2] >> 10)
                schedule[i] = schedule[i - 16] &+ s0 &+ schedule[i - 7] &+ s1
            }
            var (a, b, c, d, e, f, g, h) = (state[0], state[1], state[2], state[3], state[4], state[5], state[6], state[7])
            for i in 0..<64 {
                let s1 = rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)
                let choice = (e & f) ^ (~e & g)
                let t1 = h &+ s1 &+ choice &+ SHA256.k[i] &+ schedule[i]
                let s0 = rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)
                let majority = (a & b) ^ (a & c) ^ (b & c)
                (h, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ s0 &+ majority)
            }
            state[0] = state[0] &+ a; state[1] = state[1] &+ b; state[2] = state[2] &+ c; state[3] = state[3] &+ d
            state[4] = state[4] &+ e; state[5] = state[5] &+ f; state[6] = state[6] &+ g; state[7] = state[7] &+ h
        }

        @inline(__always)
        private func rotate(_ value: UInt32, _ amount: UInt32) -> UInt32 { (value >> amount) | (value << (32 - amount)) }
    }

}
