import Foundation

/// The lock that keeps a second daemon off a state directory: `flock` on `DIR/segued.lock`, held as
/// long as the process lives (the kernel drops it when the process dies, kill -9 included, so no
/// stale lock outlives a crash). The file holds the holder's pid, for the message of the refused.
final class DirectoryLock: Sendable {
    let path: String
    private let descriptor: Int32

    init(directory: String) throws(StoreError) {
        path = directory + "/segued.lock"
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .cannotOpen(path: path, reason: String(cString: strerror(errno))) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let holder = (try? String(contentsOfFile: path, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
            close(fd)
            throw .locked(directory: directory, holder: holder.flatMap { $0.isEmpty ? nil : $0 })
        }
        descriptor = fd
        _ = ftruncate(fd, 0)
        FileHandle(fileDescriptor: fd, closeOnDealloc: false).write(Data("\(getpid())\n".utf8))
    }

    /// Lets another daemon (or a test's next store) open the directory; the descriptor stays open
    /// until deinit, so that releasing twice is harmless.
    func release() { flock(descriptor, LOCK_UN) }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
