import CAllocator
import Foundation
import Testing

@testable import segued

/// Memory freed below memory still in use stays with the allocator until it is released. Tests run
/// with glibc's malloc (the shipped binary links tcmalloc; CI's bench and schemathesis run that).
@Suite(.serialized)
struct FreeMemoryReleaserTests {
    /// 128 MiB in 2 KiB blocks, touched, then all freed but every 64th: the blocks kept stand between
    /// the freed runs, so that glibc can neither merge them into its heap's top nor unmap a heap left
    /// empty, and about 126 MiB stays with it, free. (One block kept after all the others was not
    /// enough: a small block may be served from a hole below them.)
    private static func freeBetweenKeptBlocks(_ body: () -> Void) {
        let blockSize = 2048, count = (128 << 20) / 2048
        var blocks: [UnsafeMutableRawPointer] = []
        blocks.reserveCapacity(count)
        for _ in 0..<count {
            let block = UnsafeMutableRawPointer.allocate(byteCount: blockSize, alignment: 16)
            block.initializeMemory(as: UInt8.self, repeating: 1, count: blockSize)
            blocks.append(block)
        }
        for (index, block) in blocks.enumerated() where index % 64 != 63 { block.deallocate() }
        body()
        for (index, block) in blocks.enumerated() where index % 64 == 63 { block.deallocate() }
    }

    private static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
            let pages = Int(text.split(separator: " ")[1])
        else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// On the main thread, whose glibc arena no other thread uses: a worker thread's arena is shared
    /// with the tests running beside it, which take freed blocks back or trim the heap under them.
    @MainActor @Test func freedMemory_isCountedAndReleased() {
        #expect(segued_allocator_is_tcmalloc() == 0)
        Self.freeBetweenKeptBlocks {
            #expect(segued_allocator_free_bytes() >= 100 << 20)
            let before = Self.residentBytes()
            var releaser = FreeMemoryReleaser(threshold: 32 << 20)
            let released = releaser.releaseIfWorthIt()
            #expect(released.map { $0.before >= 100 << 20 } == true)
            // Other tests run beside this one and allocate too: a margin of 30 MiB.
            #expect(before - Self.residentBytes() >= 96 << 20)
            // glibc still counts released memory as free: no second release until more is freed.
            #expect(releaser.releaseIfWorthIt() == nil)
        }
    }

    @Test func smallAmounts_areLeftAlone() {
        var releaser = FreeMemoryReleaser(threshold: Int.max / 2)
        #expect(releaser.releaseIfWorthIt() == nil)
    }
}
