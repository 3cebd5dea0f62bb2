// The allocator's free memory, for whichever allocator the binary has: the shipped binary links
// tcmalloc in (scripts/release-build), debug and test builds use glibc's. tcmalloc's C API is
// declared weak, so that a binary without it links and finds these symbols null.
#include "CAllocator.h"
#include <stdlib.h> // defines __GLIBC__ with glibc
#if defined(__GLIBC__)
#include <malloc.h>
#endif

extern int MallocExtension_GetNumericProperty(const char *property, size_t *value) __attribute__((weak));
extern void MallocExtension_ReleaseFreeMemory(void) __attribute__((weak));

int segued_allocator_is_tcmalloc(void)
{
    return MallocExtension_GetNumericProperty != NULL && MallocExtension_ReleaseFreeMemory != NULL;
}

size_t segued_allocator_free_bytes(void)
{
    if (segued_allocator_is_tcmalloc()) {
        size_t value = 0;
        MallocExtension_GetNumericProperty("tcmalloc.pageheap_free_bytes", &value);
        return value;
    }
#if defined(__GLIBC__)
    struct mallinfo2 info = mallinfo2();
    return info.fordblks;
#else
    return 0; // no portable way to ask; nothing is released either
#endif
}

void segued_allocator_release_free_memory(void)
{
    if (segued_allocator_is_tcmalloc()) {
        MallocExtension_ReleaseFreeMemory();
    } else {
#if defined(__GLIBC__)
        malloc_trim(0);
#endif
    }
}
