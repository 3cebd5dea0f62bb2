#ifndef SEGUED_CALLOCATOR_H
#define SEGUED_CALLOCATOR_H

#include <stddef.h>

/// Bytes the process's allocator holds free and still mapped: memory it could give back to the
/// system. tcmalloc's page heap when the binary links it (scripts/release-build), glibc's free
/// chunks otherwise (mallinfo2's fordblks).
size_t segued_allocator_free_bytes(void);

/// Gives the allocator's free memory back to the system (tcmalloc's ReleaseFreeMemory, glibc's
/// malloc_trim). Neither returns it on its own once the memory sits below memory still in use.
void segued_allocator_release_free_memory(void);

/// 1 when the allocator is tcmalloc, 0 when it is glibc's.
int segued_allocator_is_tcmalloc(void);

#endif
