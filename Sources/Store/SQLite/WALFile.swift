import Foundation

/// What a SQLite write-ahead log file holds, read with its own checksums before SQLite opens it
/// (https://www.sqlite.org/fileformat2.html#walformat). SQLite takes a log whose header fails its
/// checksum for an empty one, and stops reading at the first frame that fails its own: a damaged
/// log opens silently as an older store. The store reads the file first (``LogCheck``).
///
/// The header (32 bytes, big-endian fields): magic (0x377f0682 or 0x377f0683, which says the byte
/// order of the checksums), format version 3007000, page size, checkpoint sequence, salt-1, salt-2,
/// and the checksum of the 24 bytes before it. Each frame: a 24-byte header (page number, the
/// database's size in pages after a commit or 0, salt-1, salt-2, the running checksum of the
/// frame's first 8 bytes and its page, continued from the previous frame's) and one page.
struct WALFile: Sendable, Equatable {
    /// The file's size in bytes.
    let size: Int
    /// Whether the header is whole and its magic, version, page size and checksum hold.
    let headerValid: Bool
    /// Salt-1 and salt-2 of the header, as the 8 bytes stored (what every frame of this log repeats).
    let salts: [UInt8]
    let pageSize: Int
    /// Frames valid from the first, through the last commit frame among them: what SQLite reads.
    let committedFrames: Int
    /// Frames valid from the first (those after the last commit belong to a transaction that did not commit).
    let validFrames: Int
    /// Whole frames the file's size holds (valid or not).
    let wholeFrames: Int

    static let headerBytes = 32
    static let frameHeaderBytes = 24

    /// Reads the log at `path`; `nil` when there is no file.
    static func read(_ path: String) -> WALFile? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        let size = Int((try? handle.seekToEnd()) ?? 0)
        try? handle.seek(toOffset: 0)
        let header = [UInt8]((try? handle.read(upToCount: headerBytes)) ?? Data())
        guard header.count == headerBytes else {
            return WALFile(size: size, headerValid: false, salts: [], pageSize: 0, committedFrames: 0, validFrames: 0, wholeFrames: 0)
        }
        let magic = word(header, 0)
        let pageSize = Int(word(header, 8))
        let bigEndian = magic == 0x377f_0683
        var checksum = Checksum(bigEndian: bigEndian)
        checksum.add(header, 0, 24)
        let pageSizeValid = pageSize >= 512 && pageSize <= 65536 && pageSize & (pageSize - 1) == 0
        let headerValid = (magic == 0x377f_0682 || bigEndian) && word(header, 4) == 3_007_000 && pageSizeValid
            && checksum.s0 == word(header, 24) && checksum.s1 == word(header, 28)
        let salts = Array(header[16..<24])
        guard headerValid else {
            return WALFile(size: size, headerValid: false, salts: salts, pageSize: pageSize, committedFrames: 0, validFrames: 0, wholeFrames: 0)
        }
        let frameBytes = frameHeaderBytes + pageSize
        let wholeFrames = (size - headerBytes) / frameBytes
        var committed = 0
        var valid = 0
        // Frames a batch at a time (1,024 pages a read); checking stops at the first invalid frame.
        reading: while valid < wholeFrames {
            let count = min(1024, wholeFrames - valid)
            let chunk = [UInt8]((try? handle.read(upToCount: count * frameBytes)) ?? Data())
            var offset = 0
            while offset + frameBytes <= chunk.count {
                guard word(chunk, offset) != 0, chunk[(offset + 8)..<(offset + 16)].elementsEqual(salts) else { break reading }
                var next = checksum
                next.add(chunk, offset, 8)
                next.add(chunk, offset + frameHeaderBytes, pageSize)
                guard next.s0 == word(chunk, offset + 16), next.s1 == word(chunk, offset + 20) else { break reading }
                checksum = next
                valid += 1
                if word(chunk, offset + 4) != 0 { committed = valid }
                offset += frameBytes
            }
            if chunk.count < count * frameBytes { break }
        }
        return WALFile(
            size: size, headerValid: true, salts: salts, pageSize: pageSize, committedFrames: committed, validFrames: valid,
            wholeFrames: wholeFrames)
    }

    /// A big-endian 32-bit field.
    static func word(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }

    /// SQLite's WAL checksum: over 32-bit words in the byte order the magic says, two at a time.
    struct Checksum: Equatable {
        let bigEndian: Bool
        var s0: UInt32 = 0
        var s1: UInt32 = 0

        init(bigEndian: Bool) { self.bigEndian = bigEndian }

        mutating func add(_ bytes: [UInt8], _ start: Int, _ count: Int) {
            var offset = start
            let end = start + count
            while offset < end {
                let x0 = bigEndian ? WALFile.word(bytes, offset) : Self.little(bytes, offset)
                let x1 = bigEndian ? WALFile.word(bytes, offset + 4) : Self.little(bytes, offset + 4)
                s0 = s0 &+ x0 &+ s1
                s1 = s1 &+ x1 &+ s0
                offset += 8
            }
        }

        static func little(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
            UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24
        }
    }
}
