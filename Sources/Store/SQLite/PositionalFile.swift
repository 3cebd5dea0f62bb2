#if canImport(Glibc)
    import Glibc
#endif

/// A file kept open for reads and writes at given offsets (`pread`, `pwrite`): what ``LogMark``
/// does once a commit, where `FileHandle`'s open, seek, read or write and close took about 10,000
/// instructions of the writer's thread (issue 52). The descriptor never leaves this folder.
///
/// `@unchecked Sendable`: the descriptor is set once; the callers serialize their reads and writes.
final class PositionalFile: @unchecked Sendable {
    private let descriptor: Int32

    /// Opens `path` for reading, or for writing (created when missing) when `writing`; `nil` when it
    /// cannot be opened.
    init?(path: String, writing: Bool) {
        let flags = writing ? O_WRONLY | O_CREAT | O_CLOEXEC : O_RDONLY | O_CLOEXEC
        let opened = open(path, flags, 0o644)
        guard opened >= 0 else { return nil }
        descriptor = opened
    }

    deinit { close(descriptor) }

    /// Up to `count` bytes from `offset` (fewer at the file's end; `nil` on an error).
    func read(count: Int, at offset: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        let read = bytes.withUnsafeMutableBytes { raw in pread(descriptor, raw.baseAddress, count, off_t(offset)) }
        guard read >= 0 else { return nil }
        bytes.removeLast(count - read)
        return bytes
    }

    /// Writes all of `bytes` at `offset`; false on an error.
    @discardableResult
    func write(_ bytes: [UInt8], at offset: Int) -> Bool {
        var done = 0
        while done < bytes.count {
            let wrote = bytes.withUnsafeBytes { raw in
                pwrite(descriptor, raw.baseAddress! + done, raw.count - done, off_t(offset + done))
            }
            if wrote < 0, errno == EINTR { continue }
            guard wrote > 0 else { return false }
            done += wrote
        }
        return true
    }
}
