import CAllocator

/// Gives the memory of ended sessions back to the system.
///
/// Neither allocator does it on its own while the free memory lies below memory still in use: with
/// 100,000 demo sessions created and then all deleted, the daemon stayed at its peak (494.7 MB
/// resident with glibc's malloc, 378.7 MB with tcmalloc, both still so 30 s later). The reaper's
/// thread asks after each pass; memory is released once the allocator holds `threshold` bytes more
/// free than it did after the last release (glibc still counts released memory as free, tcmalloc
/// does not, so the count after a release is the baseline, not zero).
struct FreeMemoryReleaser {
    let threshold: Int
    private var baseline = 0

    init(threshold: Int) { self.threshold = threshold }

    /// Releases when it is worth it, and says how many bytes were free before and after.
    mutating func releaseIfWorthIt() -> (before: Int, after: Int)? {
        let free = Int(segued_allocator_free_bytes())
        guard free >= baseline + threshold else {
            // Free memory taken again lowers the mark, so that freeing it once more counts.
            baseline = min(baseline, free)
            return nil
        }
        segued_allocator_release_free_memory()
        baseline = Int(segued_allocator_free_bytes())
        return (free, baseline)
    }

    /// The allocator the binary runs with, for the log.
    static var allocatorName: String { segued_allocator_is_tcmalloc() != 0 ? "tcmalloc" : "glibc malloc" }
}
